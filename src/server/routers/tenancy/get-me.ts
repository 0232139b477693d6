import { ZGetMeResponse } from "@/contracts/tenancy/get-me";
import { getMe as getMeService } from "@/server/services/tenancy/get-me";
import { signedInProcedure } from "@/server/trpc/procedures";

export const getMe = signedInProcedure
  .output(ZGetMeResponse)
  .query(({ ctx }) => getMeService({ userId: ctx.session.userId, orgId: ctx.session.actor?.orgId ?? null }));
