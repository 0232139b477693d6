import type { TUserActor } from "@/server/auth/actor";
import { authenticateBearer } from "@/server/auth/authenticate";
import { databaseReady, serveSessionStream, streamMethodNotAllowed } from "./serve-stream";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type TContext = { params: Promise<{ sessionId: string }> };

/** GET /api/v1/agents/sessions/:sessionId/stream: personal key (yk_) only; yku_ is the uniform 404. */
export async function GET(req: Request, { params }: TContext): Promise<Response> {
  await databaseReady();
  const { sessionId } = await params;
  const actor = (await authenticateBearer(req.headers, ["api_key"])) as TUserActor | null;
  return serveSessionStream(req, actor, sessionId);
}

export { streamMethodNotAllowed as POST, streamMethodNotAllowed as PUT, streamMethodNotAllowed as PATCH, streamMethodNotAllowed as DELETE };
