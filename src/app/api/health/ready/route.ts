import { checkReadiness } from "@/server/services/health/check-readiness";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Readiness probe: 200 when the database, its migrations and the job queue are ready, else 503 naming what is not. */
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  return Response.json(readiness, {
    status: readiness.status === "ready" ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
