import type { IncomingMessage, ServerResponse } from "node:http";
import type { TRPCError } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { SURFACE_PREFIX, type TSurface } from "@/contracts/common/meta";
import { AppError, noRoute, validationError } from "@/server/errors";
import { serveApiRequest } from "@/server/http/api-route";
import { currentRequestId } from "@/server/request-id";
import { requestKeys } from "@/server/ratelimit/request-keys";
import { toAppError } from "./api-errors";
import { nulCharacterPath } from "./nul-character";
import { createContext, type TContext } from "./context";
import { methodsAt, pathParametersAt, routeTemplateAt, successStatusOf, surfaceRouter } from "./surface";

// Article draft bodies may hold 2,000,000 characters; JSON escaping can triple that.
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What the handler learned of a request's body, read once: the parsed JSON, `{}` for none. */
type TBody = { parsed: unknown; headers: Headers };

/**
 * Reads the body once. No body at all is `{}` (routes such as POST /auth/token take none), and
 * JSON is checked here so every malformed body gets the same clear 400 before any route runs.
 * Bodies that are not JSON are left unparsed: the adapter refuses them with 415.
 */
async function readBody(req: Request): Promise<TBody | null> {
  if (!BODY_METHODS.has(req.method)) return null;
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  }
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  const headers = req.headers;
  if (text.trim() === "") {
    const json = new Headers(headers);
    json.set("content-type", "application/json");
    return { parsed: {}, headers: json };
  }
  if (!(headers.get("content-type") ?? "application/json").includes("application/json"))
    return { parsed: undefined, headers };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "The request body is not valid JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AppError("VALIDATION", "The request body must be a JSON object.");
  }
  const nul = nulCharacterPath(parsed);
  if (nul)
    throw validationError([
      { path: nul, message: "Text may not contain the NUL character (U+0000); remove it", code: "invalid_string" },
    ]);
  return { parsed, headers };
}

/**
 * The adapter merges path parameters over body fields, so `{ "baseId": ... }` in a body would
 * be silently replaced. Strict bodies refuse unknown keys; a path parameter is one of them.
 */
function refuseBodyKeysNamedLikePathParameters(req: Request, body: TBody | null, surface: TSurface): void {
  if (!body?.parsed) return;
  const names = pathParametersAt(surface, req.method, new URL(req.url).pathname.slice(SURFACE_PREFIX[surface].length));
  const clashing = names.filter((name) => Object.hasOwn(body.parsed as object, name));
  if (clashing.length)
    throw validationError(
      clashing.map((name) => ({
        path: [name],
        message: `Unrecognized key: "${name}" comes from the path, not the body`,
        code: "unrecognized_keys",
      })),
    );
}

function envelopeResponse(error: AppError, extraHeaders: Record<string, string> = {}): Response {
  return Response.json(error.toEnvelope(), { status: error.status, headers: { ...extraHeaders, ...error.headers } });
}

/** One request on its way through the adapter: what createContext and onError leave for us. */
type TExchange = { req: Request; ctx?: TContext; error?: TRPCError };
type TAdapter = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The adapter hands our request object back to createContext and onError: its exchange by it. */
const exchanges = new WeakMap<object, TExchange>();
const adapters = new Map<TSurface, TAdapter>();

/**
 * The adapter of one surface, built once: building it matches every route's path to a regex
 * and, outside production, generates a whole OpenAPI document to validate the router.
 */
function adapterFor(surface: TSurface): TAdapter {
  let adapter = adapters.get(surface);
  if (!adapter) {
    adapter = createOpenApiNodeHttpHandler({
      router: surfaceRouter(surface),
      createContext: ({ req }) => {
        const exchange = exchanges.get(req)!;
        return (exchange.ctx = createContext(exchange.req, surface));
      },
      responseMeta: ({ paths, errors, ctx }) => ({
        ...(errors.length ? {} : { status: successStatusOf(surface, paths?.[0]) }),
        headers: { ...(ctx as TContext | undefined)?.resHeaders },
      }),
      onError: ({ error, req }) => {
        exchanges.get(req)!.error = error;
      },
    }) as unknown as TAdapter;
    adapters.set(surface, adapter);
  }
  return adapter;
}

/**
 * Runs the adapter on a Request whose body is already read (what trpc-to-openapi's fetch adapter
 * does, minus reading the body again and rebuilding the adapter per request): the adapter sees
 * the path below the surface's prefix and the parsed body.
 */
function runAdapter(exchange: TExchange, body: TBody | null, surface: TSurface): Promise<Response> {
  const url = new URL(exchange.req.url.replace(SURFACE_PREFIX[surface], "")).toString();
  const overrides: Record<PropertyKey, unknown> = {
    url,
    ...(body ? { body: body.parsed, headers: body.headers } : {}),
  };
  const req = new Proxy(exchange.req, {
    get: (target, prop) => (Object.hasOwn(overrides, prop) ? overrides[prop] : Reflect.get(target, prop)),
  });
  exchanges.set(req, exchange);
  return new Promise((resolve, reject) => {
    const headers = new Headers();
    const res = {
      statusCode: 200,
      setHeader: (key: string, value: string | string[]) => {
        if (typeof value === "string") headers.set(key, value);
        else for (const item of value) headers.append(key, item);
      },
      end: (text?: string) => resolve(new Response(text, { headers, status: res.statusCode })),
    };
    adapterFor(surface)(req as unknown as IncomingMessage, res as unknown as ServerResponse).catch(reject);
  });
}

/**
 * Serves one machine API surface behind the route wrapper (request id, readiness, rate limits,
 * envelope); the adapter answers 405 itself, from the surface's routes.
 */
export function handleOpenApiRequest(req: Request, surface: TSurface): Promise<Response> {
  // Request-volume limits (spec 7, 8): counted before the body is read or anything runs, and
  // announced on every answer. The organization of a customer key is counted once it is known
  // (the auth flavours in procedures.ts).
  const pathname = new URL(req.url).pathname.slice(SURFACE_PREFIX[surface].length);
  const template = routeTemplateAt(surface, req.method === "HEAD" ? "GET" : req.method, pathname) ?? "/{unmatched}";
  return serveApiRequest(
    req,
    {
      route: `${SURFACE_PREFIX[surface]}${template}`,
      rateLimit: () => ({ surface, keys: requestKeys(req, pathname) }),
    },
    {},
    () => (req.method === "HEAD" ? serveHead(req, surface) : serveOpenApiRequest(req, surface)),
  );
}

/** HEAD is GET without a body (RFC 9110); the adapter would answer any HEAD with 204. */
async function serveHead(req: Request, surface: TSurface): Promise<Response> {
  const response = await serveOpenApiRequest(new Request(req.url, { method: "GET", headers: req.headers }), surface);
  return new Response(null, { status: response.status, headers: response.headers });
}

async function serveOpenApiRequest(req: Request, surface: TSurface): Promise<Response> {
  let body: TBody | null;
  try {
    body = await readBody(req);
    refuseBodyKeysNamedLikePathParameters(req, body, surface);
  } catch (error) {
    if (error instanceof AppError) return envelopeResponse(error);
    throw error;
  }
  const exchange: TExchange = { req };
  const response = await runAdapter(exchange, body, surface);
  if (response.status < 400) return response;
  const requestId = exchange.ctx?.requestId ?? currentRequestId() ?? crypto.randomUUID();
  const pathname = new URL(req.url).pathname.slice(SURFACE_PREFIX[surface].length);
  const allowed = exchange.error?.code === "NOT_FOUND" && !exchange.ctx ? methodsAt(surface, pathname) : [];
  return envelopeResponse(toAppError(exchange.error, req, requestId, allowed), exchange.ctx?.resHeaders);
}

/** For paths under /api that no surface owns (not limited: nothing runs). */
export function unknownApiPath(req: Request): Promise<Response> {
  return serveApiRequest(req, { route: "/api/[...path]" }, {}, async () => {
    const { pathname } = new URL(req.url);
    return envelopeResponse(noRoute(req.method, pathname));
  });
}
