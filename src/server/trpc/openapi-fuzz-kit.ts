import { expect } from "vitest";
import { ERROR_CODES } from "@/contracts/common/error";
import { SURFACE_PREFIX, type TSurface } from "@/contracts/common/meta";
import { db } from "@/server/db/client";
import { ERROR_STATUS } from "@/server/errors";
import { openApiDocument } from "./openapi-document";
import type { TJsonSchema } from "./openapi-arbitraries";

/** Helpers of the API fuzz (openapi-fuzz.test.ts): the operations, one request, the invariants. */

export type TParameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema?: TJsonSchema };

export type TOperation = {
  surface: TSurface;
  method: string;
  /** The path template as documented, e.g. /agents/sessions/{sessionId}/messages. */
  path: string;
  parameters: TParameter[];
  body?: TJsonSchema;
  components: Record<string, TJsonSchema>;
};

// Documented beside the tRPC routes but served by their own route handlers (SSE, MCP, event
// ingress): the fuzz drives those through their route modules instead.
const PLAIN_ROUTES = new Set([
  "/agents/sessions/{sessionId}/stream",
  "/organizations/{orgId}/agents/sessions/{sessionId}/stream",
  "/mcp",
  "/triggers/ingress/{token}",
]);

type TDocumentOperation = {
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TJsonSchema }> };
};

/** Every operation of a surface's served document that the OpenAPI handler serves. */
export function operationsOf(surface: TSurface): TOperation[] {
  const document = openApiDocument(surface);
  const components = (document.components?.schemas ?? {}) as Record<string, TJsonSchema>;
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    PLAIN_ROUTES.has(path)
      ? []
      : Object.entries(item as Record<string, TDocumentOperation>).map(([method, operation]) => ({
          surface,
          method: method.toUpperCase(),
          path,
          parameters: operation.parameters ?? [],
          body: operation.requestBody?.content?.["application/json"]?.schema,
          components,
        })),
  );
}

export type TFuzzRequest = {
  method: string;
  /** Path below the surface prefix, already encoded, with its query string. */
  target: string;
  headers: [string, string][];
  body?: string;
  /** Why this request must be refused, when it must (a strict body with a key too many...). */
  mustRefuse?: string;
  /** The name of the credential sent (see TCredentials), for reports. */
  credential?: string;
};

export type TFuzzAnswer = { status: number; headers: Headers; text: string };

export function buildRequest(surface: TSurface, request: TFuzzRequest): Request {
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  return new Request(`http://127.0.0.1${SURFACE_PREFIX[surface]}${request.target}`, {
    method: request.method,
    headers,
    body: request.body,
  });
}

/** Statuses a code may carry besides its table status: 415 and 422 are VALIDATION too (spec 7). */
const EXTRA_STATUSES: Record<string, number[]> = { VALIDATION: [415, 422] };

/**
 * The invariants of every answer: no 5xx, and every refusal is exactly the standard envelope
 * with a code of the spec's table (at that code's status) and a message a person can act on.
 */
export function expectWellFormedAnswer(answer: TFuzzAnswer, what: string): void {
  expect(answer.status, `${what} answered ${answer.status}: ${answer.text.slice(0, 500)}`).toBeLessThan(500);
  if (answer.status < 400) return;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new Error(`${what} answered ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 300)}`);
  }
  const envelope = body as { error?: { code?: unknown; message?: unknown; details?: unknown } };
  expect(Object.keys(envelope ?? {}), `${what}: the envelope has one key, error`).toEqual(["error"]);
  const error = envelope.error!;
  expect(
    Object.keys(error).filter((key) => !["code", "message", "details"].includes(key)),
    `${what}: unexpected keys in error`,
  ).toEqual([]);
  expect(ERROR_CODES as readonly unknown[], `${what}: code ${String(error.code)}`).toContain(error.code);
  const code = error.code as keyof typeof ERROR_STATUS;
  expect(
    [ERROR_STATUS[code], ...(EXTRA_STATUSES[code] ?? [])],
    `${what}: status ${answer.status} for ${code}`,
  ).toContain(answer.status);
  expect(
    typeof error.message === "string" && error.message.trim().length >= 10,
    `${what}: message ${JSON.stringify(error.message)}`,
  ).toBe(true);
  if (error.details !== undefined)
    expect(
      typeof error.details === "object" && error.details !== null && !Array.isArray(error.details),
      `${what}: details`,
    ).toBe(true);
  if (answer.status === 429)
    expect(Number(answer.headers.get("retry-after")), `${what}: Retry-After`).toBeGreaterThanOrEqual(1);
}

// Tables whose rows change without being the request's doing: counters of the rate limiter
// and the migrator's own bookkeeping.
const NOT_STATE = new Set(["_prisma_migrations", "rate_limits"]);

let fingerprintSql: string | undefined;

/**
 * One query that changes whenever a row is added to, removed from or updated in any table of
 * the service (row counts, and the latest updatedAt where a table has one). Columns such as a
 * key's lastUsedAt are bookkeeping, not state a refused request may not touch.
 */
export async function stateFingerprint(): Promise<string> {
  if (!fingerprintSql) {
    const tables = await db().$queryRawUnsafe<Array<{ table_name: string; has_updated: boolean }>>(
      `SELECT t.table_name, EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'updatedAt') AS has_updated
       FROM information_schema.tables t WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY t.table_name`,
    );
    fingerprintSql = tables
      .filter(({ table_name }) => !NOT_STATE.has(table_name))
      .map(({ table_name, has_updated }) => {
        const quoted = `"${table_name.replaceAll('"', '""')}"`;
        return `SELECT '${table_name}' AS name, count(*)::text AS rows, ${has_updated ? `max("updatedAt")::text` : "NULL::text"} AS updated FROM ${quoted}`;
      })
      .join(" UNION ALL ");
  }
  const rows =
    await db().$queryRawUnsafe<Array<{ name: string; rows: string; updated: string | null }>>(fingerprintSql);
  return JSON.stringify(Object.fromEntries(rows.map(({ name, rows: count, updated }) => [name, [count, updated]])));
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: string, after: string): string[] {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return Object.keys(b).filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/** A request as a line of text, for failure messages and fast-check's counterexample. */
export function describeRequest(surface: TSurface, request: TFuzzRequest): string {
  const headers = request.headers
    .map(([name, value]) => `${name}: ${value.length > 80 ? `${value.slice(0, 80)}...` : value}`)
    .join("; ");
  const body = request.body === undefined ? "" : ` body(${request.body.length}): ${request.body.slice(0, 200)}`;
  return `${request.method} ${SURFACE_PREFIX[surface]}${request.target.slice(0, 300)} [${headers}]${body}`;
}
