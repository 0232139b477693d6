import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

// An inbound id is echoed only when it is short and plain: it ends up in logs and headers, so
// nothing a caller sends may break a log line or a header.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const storage = new AsyncLocalStorage<string>();

/** The caller's `X-Request-Id` when it is sane, else a new UUID. */
export function requestIdFrom(headers: Headers): string {
  const inbound = headers.get("x-request-id")?.trim();
  return inbound && SANE_REQUEST_ID.test(inbound) ? inbound : randomUUID();
}

/** Runs fn with `id` as the current request id (every log record written inside carries it). */
export function runWithRequestId<T>(id: string, fn: () => T): T {
  return storage.run(id, fn);
}

/** The id of the request being served, if any (background work has none). */
export function currentRequestId(): string | undefined {
  return storage.getStore();
}
