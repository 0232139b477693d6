import type { TUserActor } from "@/server/auth/actor";
import { AppError, errorResponse, findAppError, notFound } from "@/server/errors";
import { sessionEventSource } from "@/server/events/session-stream";
import { log } from "@/server/log";
import type { TSessionDetails } from "@/contracts/sessions/session-details";
import { sessionStillVisible, type TSessionAccess } from "@/server/services/sessions/session-access";
import { authorizedSnapshot } from "@/server/services/sessions/session-snapshot";
import { sinkResponse } from "./sink-response";

export type TServeStreamOptions = { heartbeatMs?: number };

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/**
 * The session stream for an authenticated caller (the public yk_ route and the console's cookie
 * route share it). Requires visibility only (spec 4.2); anything the caller cannot see is the
 * uniform 404, answered as JSON before the stream starts.
 * Resume point: the `Last-Event-ID` header, or the `lastEventId` query parameter for clients
 * that cannot set headers (the header wins when both are present).
 * A connect reads the session once: the authorization, the cursor's seq and the snapshot's
 * details in one statement; events then come from the process's session hub.
 */
export async function serveSessionStream(
  req: Request,
  actor: TUserActor | null,
  sessionId: string,
  options: TServeStreamOptions = {},
): Promise<Response> {
  let access: TSessionAccess;
  let snapshot: TSessionDetails;
  try {
    if (!actor) throw notFound("session");
    // One read authorizes the caller, gives the stream its cursor (access.session.lastSeq) and its snapshot.
    ({ access, snapshot } = await authorizedSnapshot(actor, sessionId));
  } catch (error) {
    const appError = findAppError(error);
    if (appError) return errorResponse(appError);
    log.error("session stream could not start", { sessionId, err: error });
    return errorResponse(new AppError("INTERNAL", "The stream could not be started; try again."));
  }
  let unread: TSessionDetails | undefined = snapshot;
  const lastEventId = req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("lastEventId");
  const source = sessionEventSource({
    sessionId,
    lastEventId,
    lastSeq: access.session.lastSeq,
    // The same details object as GET session, including pendingApproval and pendingApprovalId;
    // handed over once, so an open stream does not keep it alive.
    snapshot: async () => {
      const details = unread!;
      unread = undefined;
      return details;
    },
    // Batched across all streams of the process: the heartbeats share one timer.
    stillVisible: () => sessionStillVisible(actor, sessionId),
    heartbeatMs: options.heartbeatMs,
  });
  return sinkResponse(source, { status: 200, headers: SSE_HEADERS }, req.signal);
}
