import { ready } from "@/server/db/client";
import { queueStatus } from "@/server/jobs/queue";
import { env } from "@/server/env";

export type THealth = {
  status: "ok" | "degraded";
  database: { kind: "pglite" | "postgres"; ok: boolean; latencyMs: number; error?: string };
  queue: { state: string; inProcess: boolean; error?: string };
};

/** What an operator or load balancer needs: can we reach the database, is the queue running. */
export async function checkHealth(): Promise<THealth> {
  const started = performance.now();
  const database = await ready();
  let databaseError: string | undefined;
  try {
    await database.prisma.$queryRaw`SELECT 1`;
  } catch (error) {
    databaseError = error instanceof Error ? error.message : String(error);
  }
  const latencyMs = Math.round((performance.now() - started) * 100) / 100;
  const queue = { ...queueStatus(), inProcess: env.ENGINE_IN_PROCESS };
  const queueOk = !env.ENGINE_IN_PROCESS || queue.state === "running";
  return {
    status: !databaseError && queueOk ? "ok" : "degraded",
    database: {
      kind: database.kind,
      ok: !databaseError,
      latencyMs,
      ...(databaseError ? { error: databaseError } : {}),
    },
    queue,
  };
}
