import { checkLiveness } from "@/server/services/health/check-readiness";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Liveness probe: 200 while the process serves at all (no database, no queue). */
export function GET(): Response {
  return Response.json(checkLiveness(), { headers: { "cache-control": "no-store" } });
}
