import type { TTransaction } from "@/server/db/client";

/**
 * Part of erasing a worker (DELETE /workers/{w}): its connections (sealed tokens) and connect
 * links, in the caller's transaction. No revocation at the provider here: that is a network call
 * and cannot be part of a transaction; the tokens are gone from this service either way.
 */
export async function eraseWorkerConnections(tx: TTransaction, workerId: string): Promise<void> {
  await tx.workerConnection.deleteMany({ where: { workerId } });
  await tx.connectLink.deleteMany({ where: { workerId } });
}
