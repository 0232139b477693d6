import { createHash } from "node:crypto";
import type { TTransaction } from "@/server/db/client";
import { runIdempotent } from "@/server/idempotency/idempotency-store";
import { canonicalJson } from "@/server/idempotency/request-digest";

/** How long an assistant call's Idempotency-Key is kept (the spec names none; fire's 24 hours). */
export const ASSISTANT_IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

type TIdempotentCall<T> = {
  orgId: string;
  /** The operation and its target, e.g. `assistant.messages:<workerRef>`: keys are scoped to it. */
  scope: string;
  /** The Idempotency-Key header as a value (format checked by the router), or null. */
  key: string | null;
  /** What request equality covers: the body (and anything else that makes the call this call). */
  request: unknown;
  /** The success status the route answers with, stored for replays. */
  status: number;
  /** Does the work in one transaction and, inside it, calls `record(tx, body)` with its answer. */
  execute: (record: (tx: TTransaction, body: T) => Promise<void>) => Promise<T>;
};

/**
 * Every mutating assistant call accepts `Idempotency-Key` (spec 4.8), through the one
 * idempotency store, scoped to the follower organization and the call: a replay answers the
 * stored body (the router adds `Idempotency-Replayed: true`), another body under the same key is
 * 409 IDEMPOTENCY_KEY_REUSED, a retry while the original runs is 409 IDEMPOTENCY_IN_PROGRESS.
 */
export async function idempotentCall<T>(call: TIdempotentCall<T>): Promise<{ body: T; replayed: boolean }> {
  const digest = createHash("sha256").update(canonicalJson(call.request)).digest("hex");
  const result = await runIdempotent<T>({
    orgId: call.orgId,
    scope: call.scope,
    key: call.key,
    digest,
    windowMs: ASSISTANT_IDEMPOTENCY_WINDOW_MS,
    execute: async (recordOutcome) => {
      const body = await call.execute((tx, answer) => recordOutcome(tx, { status: call.status, body: answer }));
      return { status: call.status, body };
    },
  });
  return { body: result.body, replayed: result.replayed };
}
