import { authenticateCookie } from "@/server/auth/session-cookie";
import { AppError, errorResponse } from "@/server/errors";
import { databaseReady, serveSessionStream, streamMethodNotAllowed } from "../../../../v1/agents/sessions/[sessionId]/stream/serve-stream";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type TContext = { params: Promise<{ sessionId: string }> };

/**
 * The console's session stream: the same frames as the public route, authenticated by the
 * service_session cookie (EventSource cannot send an Authorization header). Same-origin only:
 * the cookie is SameSite=Lax and no CORS headers are sent.
 */
export async function GET(req: Request, { params }: TContext): Promise<Response> {
  await databaseReady();
  const { sessionId } = await params;
  const session = await authenticateCookie(req.headers);
  if (!session?.actor) {
    return errorResponse(new AppError("UNAUTHORIZED", "Sign in to the console and choose an organization first: the service_session cookie is missing, expired or has none selected."));
  }
  return serveSessionStream(req, session.actor, sessionId);
}

export { streamMethodNotAllowed as POST, streamMethodNotAllowed as PUT, streamMethodNotAllowed as PATCH, streamMethodNotAllowed as DELETE };
