import { authenticateCookie } from "@/server/auth/session-cookie";
import { AppError } from "@/server/errors";
import { apiRoute } from "@/server/http/api-route";
import { consoleRateLimitKeys } from "@/server/trpc/console-route";
import { serveSessionStream } from "@/server/http/serve-session-stream";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * The console's session stream: the same frames as the public route, authenticated by the
 * service_session cookie (EventSource cannot send an Authorization header). Same-origin only:
 * the cookie is SameSite=Lax and no CORS headers are sent. Opening one counts against the
 * console's limit like a tRPC request (per session cookie, or per address without one).
 */
const handle = apiRoute<{ sessionId: string }>(
  {
    route: "/api/console/sessions/[sessionId]/stream",
    methods: ["GET"],
    rateLimit: (req) => ({ surface: "console", keys: consoleRateLimitKeys(req) }),
  },
  async (req, { params }) => {
    const session = await authenticateCookie(req.headers);
    if (!session?.actor) {
      throw new AppError(
        "UNAUTHORIZED",
        "Sign in to the console and choose an organization first: the service_session cookie is missing, expired or has none selected.",
      );
    }
    return serveSessionStream(req, session.actor, params.sessionId);
  },
);

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
