import { getSessionMeta, ZGetSessionRequest, ZGetSessionResponse } from "@/contracts/sessions/get-session";
import { getSessionDetails } from "@/server/services/sessions/get-session";
import { userKeyProcedure } from "@/server/trpc/procedures";

export const getSession = userKeyProcedure
  .meta(getSessionMeta)
  .input(ZGetSessionRequest)
  .output(ZGetSessionResponse)
  .query(({ ctx, input }) => getSessionDetails(ctx.actor, input));
