import { renderMetrics } from "@/server/observability/metrics";
import { metricsAccessAllowed } from "@/server/observability/metrics-access";
import { unknownApiPath } from "@/server/trpc/openapi-handler";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Prometheus scrape endpoint (docs/deployment.md). Without METRICS_TOKEN configured, or
 * without that exact bearer, it answers byte for byte like a path no route owns: a scanner
 * cannot tell that metrics exist here (docs/decisions.md, "Metrics access").
 */
export async function GET(req: Request): Promise<Response> {
  if (!metricsAccessAllowed(req.headers.get("authorization"))) return unknownApiPath(req);
  const { body, contentType } = await renderMetrics();
  return new Response(body, { status: 200, headers: { "content-type": contentType, "cache-control": "no-store" } });
}

const other = (req: Request) => unknownApiPath(req);
export { other as POST, other as PUT, other as PATCH, other as DELETE };
