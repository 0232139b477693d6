import { randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { readFollower } from "@/server/services/partner/follower-access";
import { idempotentCall } from "@/server/idempotency/idempotent-call";

export type TCreateWorkerOptions = {
  platformId: string;
  orgId: string;
  idempotencyKey: string | null;
  externalRef: string;
  email: string;
};

/**
 * POST /workers: the worker of this external_ref, created on first sight. One statement that
 * inserts or, on the (organization, external_ref) unique key, updates the email: concurrent
 * creates of one external_ref meet on that key and all answer the same worker_ref. Retired
 * workers no longer hold their external_ref (deleteWorker clears it), so it starts afresh.
 */
export async function createWorker(
  o: TCreateWorkerOptions,
): Promise<{ body: { worker_ref: string }; replayed: boolean }> {
  await readFollower(o.platformId, o.orgId);
  return idempotentCall({
    orgId: o.orgId,
    scope: "assistant.workers.create",
    key: o.idempotencyKey,
    request: { externalRef: o.externalRef, email: o.email },
    status: 201,
    execute: (record) =>
      db().$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<Array<{ id: string }>>`
          INSERT INTO "assistant_workers" ("id", "organizationId", "externalRef", "email", "status")
          VALUES (${randomUUID()}::uuid, ${o.orgId}::uuid, ${o.externalRef}, ${o.email}, 'ACTIVE')
          ON CONFLICT ("organizationId", "externalRef") DO UPDATE SET "email" = EXCLUDED."email"
          RETURNING "id"::text AS "id"`;
        const body = { worker_ref: row!.id };
        await record?.(tx, body);
        return body;
      }),
  });
}
