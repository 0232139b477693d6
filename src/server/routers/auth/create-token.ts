import { createTokenMeta, ZCreateTokenRequest, ZCreateTokenResponse } from "@/contracts/auth/create-token";
import { createAccessToken } from "@/server/services/auth/create-access-token";
import { cookieOnlyProcedure } from "@/server/trpc/procedures";

export const createToken = cookieOnlyProcedure
  .meta(createTokenMeta)
  .input(ZCreateTokenRequest)
  .output(ZCreateTokenResponse)
  .mutation(({ ctx }) => createAccessToken({ userId: ctx.actor.userId, orgId: ctx.actor.orgId }));
