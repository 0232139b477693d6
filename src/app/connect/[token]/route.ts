import { apiRoute } from "@/server/http/api-route";
import { clientAddress } from "@/server/ratelimit/request-keys";
import { followConnectLink } from "@/server/services/assistant/connections/follow-connect-link";
import { outcomeResponse } from "@/app/connect/outcome-response";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /connect/{token}: the single-use connect link (spec 4.8) sends the browser to the provider. */
const handle = apiRoute<{ token: string }>(
  {
    route: "/connect/[token]",
    methods: ["GET"],
    rateLimit: (req) => ({ surface: "connect", keys: { ip: clientAddress(req) } }),
  },
  async (_req, { params }) => outcomeResponse(await followConnectLink(params.token)),
);

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
