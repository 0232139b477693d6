import {
  getSessionMeta,
  ZGetSessionRequest,
  ZGetSessionResponse,
  type TGetSessionRequest,
} from "@/contracts/sessions/get-session";
import { getSessionDetails } from "@/server/services/sessions/get-session";
import { userKeyProcedure } from "@/server/trpc/procedures";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const getSessionCall = ({ ctx, input }: { ctx: TUserCallContext; input: TGetSessionRequest }) =>
  getSessionDetails(ctx.actor, input);

export const getSession = userKeyProcedure
  .meta(getSessionMeta)
  .input(ZGetSessionRequest)
  .output(ZGetSessionResponse)
  .query(getSessionCall);
