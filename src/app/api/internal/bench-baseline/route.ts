import { env } from "@/server/env";
import { errorResponse, noRoute } from "@/server/errors";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * The benchmarks' same-run baseline (bench/*.ts): a bare route handler on the same server that
 * answers 202 without doing any work, so runtime overhead is reported as a ratio, not a
 * machine-dependent time. Exists only with ALLOW_FIXTURES=1, like the fixtures route.
 */
export async function POST(req: Request): Promise<Response> {
  if (!env.ALLOW_FIXTURES) return errorResponse(noRoute("POST", "/api/internal/bench-baseline"));
  await req.arrayBuffer();
  return Response.json({ accepted: true }, { status: 202 });
}
