import { db } from "@/server/db/client";
import { readWorker, type TWorkerTarget } from "@/server/services/assistant/workers/read-worker";

export type TConnectionView = {
  provider: string;
  status: "connected" | "error";
  scopes: string[];
  connectedAt: Date;
  lastError: string | null;
};

/** GET /workers/{w}/connections: the worker's connections, mail before calendar. Never a token. */
export async function listConnections(target: TWorkerTarget): Promise<TConnectionView[]> {
  const worker = await readWorker(target);
  const rows = await db().workerConnection.findMany({
    where: { workerId: worker.id },
    orderBy: { provider: "desc" },
    select: { provider: true, status: true, scopes: true, connectedAt: true, lastError: true },
  });
  return rows.map((row) => ({ ...row, status: row.status === "CONNECTED" ? "connected" : "error" }));
}
