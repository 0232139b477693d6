import type { TRPCError } from "@trpc/server";
import { createOpenApiFetchHandler } from "trpc-to-openapi";
import { SURFACE_PREFIX, type TSurface } from "@/contracts/common/meta";
import { AppError } from "@/server/errors";
import { validationError } from "@/server/errors";
import { toAppError } from "./api-errors";
import { createContext, type TContext } from "./context";
import { methodsAt, pathParametersAt, successStatusOf, surfaceRouter } from "./surface";

// Article draft bodies may hold 2,000,000 characters; JSON escaping can triple that.
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Gives the adapter a body it can read: no body at all is `{}` (routes such as
 * POST /auth/token take none), and JSON is checked here so every malformed body gets the
 * same clear 400 before any route runs.
 */
async function normalizeRequest(req: Request): Promise<Request> {
  if (!BODY_METHODS.has(req.method)) return req;
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  }
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  const headers = new Headers(req.headers);
  if (text.trim() === "") {
    headers.set("content-type", "application/json");
    return new Request(req.url, { method: req.method, headers, body: "{}" });
  }
  if ((headers.get("content-type") ?? "application/json").includes("application/json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError("VALIDATION", "The request body is not valid JSON.");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new AppError("VALIDATION", "The request body must be a JSON object.");
    }
  }
  return new Request(req.url, { method: req.method, headers, body: text });
}

/**
 * The adapter merges path parameters over body fields, so `{ "baseId": ... }` in a body would
 * be silently replaced. Strict bodies refuse unknown keys; a path parameter is one of them.
 */
async function refuseBodyKeysNamedLikePathParameters(req: Request, surface: TSurface): Promise<void> {
  if (!BODY_METHODS.has(req.method)) return;
  const names = pathParametersAt(surface, req.method, new URL(req.url).pathname.slice(SURFACE_PREFIX[surface].length));
  if (!names.length) return;
  const body = JSON.parse(await req.clone().text()) as Record<string, unknown>;
  const clashing = names.filter((name) => Object.hasOwn(body, name));
  if (clashing.length) throw validationError(clashing.map((name) => ({ path: [name], message: `Unrecognized key: "${name}" comes from the path, not the body`, code: "unrecognized_keys" })));
}

function envelopeResponse(error: AppError, extraHeaders: Record<string, string> = {}): Response {
  return Response.json(error.toEnvelope(), { status: error.status, headers: { ...extraHeaders, ...error.headers } });
}

/** Serves one machine API surface; every error leaves as the standard envelope. */
export async function handleOpenApiRequest(req: Request, surface: TSurface): Promise<Response> {
  if (req.method === "HEAD") {
    // HEAD is GET without a body (RFC 9110); the adapter would answer any HEAD with 204.
    const response = await handleOpenApiRequest(new Request(req.url, { method: "GET", headers: req.headers }), surface);
    return new Response(null, { status: response.status, headers: response.headers });
  }
  const holder: { ctx?: TContext; error?: TRPCError } = {};
  let normalized: Request;
  try {
    normalized = await normalizeRequest(req);
    await refuseBodyKeysNamedLikePathParameters(normalized, surface);
  } catch (error) {
    if (error instanceof AppError) return envelopeResponse(error);
    throw error;
  }
  const response = await createOpenApiFetchHandler({
    router: surfaceRouter(surface),
    endpoint: SURFACE_PREFIX[surface] as `/${string}`,
    req: normalized,
    createContext: async () => (holder.ctx = createContext(normalized, surface)),
    responseMeta: ({ paths, errors, ctx }) => ({
      ...(errors.length ? {} : { status: successStatusOf(surface, paths?.[0]) }),
      headers: { ...(ctx as TContext | undefined)?.resHeaders },
    }),
    onError: ({ error }) => {
      holder.error = error;
    },
  });
  if (response.status < 400) return response;
  const requestId = holder.ctx?.requestId ?? crypto.randomUUID();
  const pathname = new URL(normalized.url).pathname.slice(SURFACE_PREFIX[surface].length);
  const allowed = holder.error?.code === "NOT_FOUND" && !holder.ctx ? methodsAt(surface, pathname) : [];
  return envelopeResponse(toAppError(holder.error, normalized, requestId, allowed), holder.ctx?.resHeaders);
}

/** For paths under /api that no surface owns. */
export function unknownApiPath(req: Request): Response {
  const { pathname } = new URL(req.url);
  return envelopeResponse(new AppError("NOT_FOUND", `No route matches ${req.method} ${pathname}.`));
}
