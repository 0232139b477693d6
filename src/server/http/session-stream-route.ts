import type { TUserActor } from "@/server/auth/actor";
import { authenticateBearer } from "@/server/auth/authenticate";
import { countAfterAuthentication } from "@/server/ratelimit/request-limits";
import { requestKeys } from "@/server/ratelimit/request-keys";
import { serveSessionStream } from "./serve-session-stream";
import { apiRoute } from "./api-route";

/**
 * GET /api/v1/agents/sessions/:sessionId/stream: personal key (yk_) only; yku_ is the uniform 404.
 * Served through the Pages API route src/pages/api/v1/agents/sessions/[sessionId]/stream.ts
 * (a held stream costs a third of the memory there; docs/decisions.md), and called directly by tests.
 */
const handle = apiRoute<{ sessionId: string }>(
  {
    route: "/api/v1/agents/sessions/[sessionId]/stream",
    methods: ["GET"],
    rateLimit: (req) => ({ surface: "v1", keys: requestKeys(req, "") }),
  },
  async (req, { params }) => {
    const actor = (await authenticateBearer(req.headers, ["api_key"])) as TUserActor | null;
    if (actor) await countAfterAuthentication("v1", { organization: actor.orgId });
    return serveSessionStream(req, actor, params.sessionId);
  },
);

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
