import { createHash } from "node:crypto";
import type { TTransaction } from "@/server/db/client";
import { runIdempotent } from "@/server/idempotency/idempotency-store";
import { canonicalJson } from "@/server/idempotency/request-digest";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";

/** How long a call's Idempotency-Key is kept: section 4.5's 24 hours (fire), for every call that takes one. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What a service calls, inside its own transaction, with its answer: the outcome a replay returns. */
export type TRecordAnswer<T> = (tx: TTransaction, body: T) => Promise<void>;

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
  /**
   * Does the work in one transaction and, inside it, calls `record(tx, body)` with its answer.
   * Without a key there is nothing to record (`record` is undefined): the work may then skip
   * the transaction it needs only for the record (a session open is one statement).
   */
  execute: (record: TRecordAnswer<T> | undefined) => Promise<T>;
};

/**
 * A call that accepts `Idempotency-Key` (every mutating assistant call, spec 4.8; session open,
 * message, turn approval and the v1 creates), through the one idempotency store, scoped to the
 * organization and the call: a replay answers the stored body (the router adds
 * `Idempotency-Replayed: true`), another body under the same key is 409 IDEMPOTENCY_KEY_REUSED,
 * a retry while the original runs is 409 IDEMPOTENCY_IN_PROGRESS (with `Retry-After: 2`).
 */
export async function idempotentCall<T>(call: TIdempotentCall<T>): Promise<{ body: T; replayed: boolean }> {
  if (call.key === null) return { body: await call.execute(undefined), replayed: false };
  const digest = createHash("sha256").update(canonicalJson(call.request)).digest("hex");
  const result = await runIdempotent<T>({
    orgId: call.orgId,
    scope: call.scope,
    key: call.key,
    digest,
    windowMs: IDEMPOTENCY_WINDOW_MS,
    execute: async (recordOutcome) => {
      const body = await call.execute((tx, answer) => recordOutcome(tx, { status: call.status, body: answer }));
      return { status: call.status, body };
    },
  });
  return { body: result.body, replayed: result.replayed };
}

type TRouteContext = {
  req: { headers: Headers };
  resHeaders: Record<string, string>;
  /** Set by a door whose claims must stay apart from the same call made elsewhere (tenant routes). */
  idempotencyScope?: string;
};

/**
 * A route's idempotent call: the key from the request's `Idempotency-Key` header (checked),
 * `Idempotency-Replayed: true` on a replay. `execute` receives the recorder to call inside the
 * service's transaction; without a key it is a no-op and the service runs as it always did.
 */
export async function answerIdempotently<T>(ctx: TRouteContext, call: Omit<TIdempotentCall<T>, "key">): Promise<T> {
  const key = idempotencyKeyOf(ctx.req.headers, undefined);
  const scope = ctx.idempotencyScope ? `${ctx.idempotencyScope}|${call.scope}` : call.scope;
  const { body, replayed } = await idempotentCall<T>({ ...call, scope, key });
  if (replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
  return body;
}
