import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { SESSION_COOKIE, readCookie } from "@/server/auth/session-cookie";
import type { AppError } from "@/server/errors";
import { clientAddress, secretKey, type TRateLimitKeys } from "@/server/ratelimit/request-keys";
import { TRPC_CODE_BY_STATUS } from "./init";

export const CONSOLE_ENDPOINT = "/api/trpc";

/**
 * What one console request counts against, read without the database: the session cookie's
 * hash (so an invalid or expired cookie is limited like a valid one), or the client address when
 * there is none. One HTTP request counts once, however many calls its batch carries.
 */
export function consoleRateLimitKeys(req: Request): TRateLimitKeys {
  const cookie = readCookie(req.headers, SESSION_COOKIE);
  return cookie ? { credential: secretKey(cookie) } : { ip: clientAddress(req) };
}

/** The procedure paths a request names: `/api/trpc/a.b,c.d` is a batch of two. */
function procedurePaths(req: Request): string[] {
  const { pathname } = new URL(req.url);
  let list: string;
  try {
    list = decodeURIComponent(pathname.slice(CONSOLE_ENDPOINT.length + 1));
  } catch {
    return [""]; // malformed percent-encoding names no procedure: tRPC answers it as unknown
  }
  return list ? list.split(",") : [""];
}

/**
 * A refusal the route wrapper answers before tRPC runs (429, 503, a 500), in the shape the
 * console's tRPC client reads: tRPC's error object (one per call of a batch), whose
 * `data.appError` carries the same envelope the machine API would answer (init.ts formats
 * procedure errors the same way).
 */
export function consoleErrorResponse(req: Request, error: AppError): Response {
  const code = TRPC_CODE_BY_STATUS[error.status] ?? "INTERNAL_SERVER_ERROR";
  const shape = (path: string) => ({
    error: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus: error.status, path, appError: error.toEnvelope().error },
    },
  });
  const paths = procedurePaths(req);
  const batch = new URL(req.url).searchParams.get("batch") === "1";
  const headers = new Headers({ "content-type": "application/json" });
  for (const [name, value] of Object.entries(error.headers ?? {})) headers.set(name, value);
  return new Response(JSON.stringify(batch ? paths.map(shape) : shape(paths[0]!)), { status: error.status, headers });
}
