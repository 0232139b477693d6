import {
  getSupportSessionMeta,
  ZGetSupportSessionRequest,
  ZGetSupportSessionResponse,
} from "@/contracts/partner/get-support-session";
import { readSupportSession } from "@/server/services/partner/support/read-support-session";
import { leaseProcedure } from "@/server/trpc/procedures";

export const getSupportSession = leaseProcedure
  .meta(getSupportSessionMeta)
  .input(ZGetSupportSessionRequest)
  .output(ZGetSupportSessionResponse)
  .query(({ ctx, input }) => readSupportSession(ctx.actor, input.grantId));
