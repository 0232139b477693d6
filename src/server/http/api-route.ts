import { ready } from "@/server/db/client";
import { AppError, errorResponse, findAppError } from "@/server/errors";
import { log } from "@/server/log";
import { observeHttpRequest } from "@/server/observability/metrics";
import { checkRateLimit } from "@/server/ratelimit/check-rate-limit";
import type { TLimitedSurface } from "@/server/ratelimit/policies";
import {
  finishRequestLimits,
  runWithRequestLimits,
  withKnownOrganization,
  type TRequestLimits,
} from "@/server/ratelimit/request-limits";
import type { TRateLimitKeys } from "@/server/ratelimit/request-keys";
import { requestIdFrom, runWithRequestId } from "@/server/request-id";

/** What a plain route handler gets besides the request: its path parameters and request id. */
export type TRouteContext<P> = { params: P; requestId: string };

export type TApiRouteOptions<P> = {
  /** The route as logs (and metrics) name it, e.g. "/api/v1/mcp": a template, never a token. */
  route: string;
  /**
   * The methods the handler serves; any other gets 405 METHOD_NOT_ALLOWED with `Allow`.
   * Omitted when the handler decides itself (the OpenAPI surfaces know their routes' methods).
   */
  methods?: readonly string[];
  /** What the request is counted by before it runs; nothing returned means not limited. */
  rateLimit?: (req: Request, params: P) => { surface: TLimitedSurface; keys: TRateLimitKeys } | undefined;
  /** How a refusal looks on this route (MCP answers in JSON-RPC); the error envelope by default. */
  renderError?: (error: AppError, req: Request) => Response;
};

type THandler<P> = (req: Request, context: TRouteContext<P>) => Promise<Response>;

/** The 500 of anything that is not an AppError: the request id lets support find the log line. */
export function internalError(requestId: string): AppError {
  return new AppError(
    "INTERNAL",
    `Something went wrong on our side. Quote request id ${requestId} if you contact support.`,
  );
}

/** Sets headers on a response, copying it first when its headers are immutable (redirects, fetch). */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

async function answer<P>(
  req: Request,
  options: TApiRouteOptions<P>,
  params: P,
  handler: THandler<P>,
  requestId: string,
): Promise<Response> {
  const render = options.renderError ?? errorResponse;
  const limits: TRequestLimits = { decisions: [] };
  let response: Response;
  try {
    await ready();
    const counted = options.rateLimit?.(req, params);
    if (counted) {
      limits.before = { surface: counted.surface, keys: withKnownOrganization(counted.surface, counted.keys) };
      limits.decisions.push(await checkRateLimit(counted.surface, limits.before.keys));
    }
    const refusal = limits.decisions[0]?.error;
    if (refusal) response = render(refusal, req);
    else if (options.methods && !options.methods.includes(req.method))
      response = render(methodNotAllowed(req, options.methods), req);
    else response = await runWithRequestLimits(limits, () => handler(req, { params, requestId }));
  } catch (error) {
    const appError = findAppError(error);
    // Never the body or headers: they may carry the caller's secrets.
    if (!appError) log.error("Request failed", { route: options.route, method: req.method, error });
    response = render(appError ?? internalError(requestId), req);
  }
  return withHeaders(response, await finishRequestLimits(limits, response.status));
}

function methodNotAllowed(req: Request, methods: readonly string[]): AppError {
  const allowed = methods.join(", ");
  return new AppError(
    "METHOD_NOT_ALLOWED",
    `${req.method} is not supported on ${new URL(req.url).pathname}; use ${methods.join(" or ")}.`,
    {
      headers: { Allow: allowed },
    },
  );
}

/**
 * The one door of plain route handlers (in the spirit of Dub's withWorkspace): the request id
 * (echoed as X-Request-Id on every answer and on every log line of the request), readiness,
 * the rate limits with their headers, 405 with Allow, and the error envelope for whatever the
 * handler throws. Authentication stays with the route, which turns headers into plain values.
 */
export function serveApiRequest<P>(
  req: Request,
  options: TApiRouteOptions<P>,
  params: P,
  handler: THandler<P>,
): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  const startedAt = performance.now();
  return runWithRequestId(requestId, async () => {
    const response = withHeaders(await answer(req, options, params, handler, requestId), { "X-Request-Id": requestId });
    // Streams are counted when they open: their duration is the connection's, not the request's.
    observeHttpRequest({
      route: options.route,
      method: req.method,
      status: response.status,
      seconds: (performance.now() - startedAt) / 1000,
    });
    return response;
  });
}

/** A Next.js route handler behind the door; `params` are the route's dynamic segments. */
export function apiRoute<P extends Record<string, string> = Record<string, never>>(
  options: TApiRouteOptions<P>,
  handler: THandler<P>,
) {
  return async (req: Request, context?: { params: Promise<P> }): Promise<Response> => {
    const params = ((await context?.params) ?? {}) as P;
    return serveApiRequest(req, options, params, handler);
  };
}
