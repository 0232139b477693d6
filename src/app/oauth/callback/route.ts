import { apiRoute } from "@/server/http/api-route";
import { clientAddress } from "@/server/ratelimit/request-keys";
import { completeConnection } from "@/server/services/assistant/connections/complete-connection";
import { outcomeResponse } from "@/app/connect/outcome-response";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /oauth/callback: the one redirect URI of the deployment; completes a followed connect link. */
const handle = apiRoute(
  {
    route: "/oauth/callback",
    methods: ["GET"],
    rateLimit: (req) => ({ surface: "connect", keys: { ip: clientAddress(req) } }),
  },
  async (req) => outcomeResponse(await completeConnection(new URL(req.url).search)),
);

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
