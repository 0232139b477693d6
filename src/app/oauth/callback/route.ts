import { ready } from "@/server/db/client";
import { completeConnection } from "@/server/services/assistant/connections/complete-connection";
import { outcomeResponse } from "../../connect/outcome-response";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /oauth/callback: the one redirect URI of the deployment; completes a followed connect link. */
export async function GET(req: Request): Promise<Response> {
  await ready();
  return outcomeResponse(await completeConnection(new URL(req.url).search));
}
