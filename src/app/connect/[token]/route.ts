import { ready } from "@/server/db/client";
import { followConnectLink } from "@/server/services/assistant/connections/follow-connect-link";
import { outcomeResponse } from "../outcome-response";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /connect/{token}: the single-use connect link (spec 4.8) sends the browser to the provider. */
export async function GET(_req: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  await ready();
  const { token } = await context.params;
  return outcomeResponse(await followConnectLink(token));
}
