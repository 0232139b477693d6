import {
  openSessionMeta,
  ZOpenSessionRequest,
  ZOpenSessionResponse,
  type TOpenSessionRequest,
  type TOpenSessionResponse,
} from "@/contracts/sessions/open-session";
import { openSession as openSessionService } from "@/server/services/sessions/open-session";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { userKeyProcedure } from "@/server/trpc/procedures";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const openSessionCall = ({ ctx, input }: { ctx: TUserCallContext; input: TOpenSessionRequest }) =>
  answerIdempotently<TOpenSessionResponse>(ctx, {
    orgId: ctx.actor.orgId,
    // Per person and agent: another person's key never replays someone else's session.
    scope: `sessions.open:${input.automationId}:${ctx.actor.userId}`,
    request: input,
    status: 202,
    execute: (record) => openSessionService(ctx.actor, { ...input, origin: "api", record }),
  });

export const openSession = userKeyProcedure
  .meta(openSessionMeta)
  .input(ZOpenSessionRequest)
  .output(ZOpenSessionResponse)
  .mutation(openSessionCall);
