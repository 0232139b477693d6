import { type IncomingMessage, ServerResponse } from "node:http";
import { detach } from "@/server/detach";
import type { TByteSink, TByteSource } from "@/server/events/byte-sink";
import { takeSinkSource } from "./sink-response";

type TWebHandler<P> = (req: Request, context: { params: Promise<P> }) => Promise<Response>;

// The handlers read the path and the query only; the host is the proxy's business, and a
// malformed Host header must not fail the request.
const ORIGIN = "http://service.internal";

function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(":") || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** Resolves once the response can take more, or the client is gone. */
function writable(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** The client left (possibly while the handler still ran): nothing will read the response. */
function clientGone(res: ServerResponse): boolean {
  return res.destroyed || !res.socket || res.socket.destroyed;
}

async function pump(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (clientGone(res)) return cancel();
  res.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await writable(res);
    }
  } catch {
    // The body ended with an error: the stream's own code logged it; end the response.
  } finally {
    res.off("close", cancel);
    if (!res.writableEnded) res.end();
  }
}

/**
 * Node's response as a source's sink: one small object per held stream. Node's response buffers
 * what the socket cannot take yet, as the web stream's queue did.
 */
class ResponseSink implements TByteSink {
  constructor(private readonly res: ServerResponse) {}

  write(bytes: Uint8Array): void {
    this.res.write(bytes);
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }
}

const NEXT_REQUEST_META = Symbol.for("NextInternalRequestMeta");
// Node's own methods, which Next.js wraps on every response: for compression (inert here, the
// stream says no-transform) and for its response-size warning (off for this route). Not
// setHeader: its wrapper also keeps a late setHeader from throwing.
const WRAPPED_METHODS = ["write", "end", "on", "writeHead"] as const;
// The Pages API helpers on every response, and the lazy properties on every request.
const RESPONSE_HELPERS = [
  "flush",
  "status",
  "send",
  "json",
  "redirect",
  "setDraftMode",
  "setPreviewData",
  "clearPreviewData",
  "revalidate",
];
const REQUEST_HELPERS = ["cookies", "query", "previewData", "preview", "draftMode"];

/**
 * Lets go of what Next.js put on a held stream's request and response for the request's own
 * pipeline: its helpers and wrappers are closures over that pipeline's state, and together with
 * its request meta they were a third of what a held stream costs (docs/benchmarks.md, "Session
 * streams and SSE memory"). The stream writes through Node's own methods from then on.
 * Values are replaced, not deleted: a delete turns each object into a dictionary, which costs
 * more than it frees. A compressed response keeps its wrappers (they do the compressing).
 */
export function shedFrameworkState(req: IncomingMessage, res: ServerResponse): void {
  if (res.getHeader("content-encoding") !== undefined) return;
  const response = res as unknown as Record<string, unknown>;
  const request = req as unknown as Record<string | symbol, unknown>;
  for (const key of WRAPPED_METHODS) if (Object.hasOwn(response, key)) response[key] = ServerResponse.prototype[key];
  for (const key of RESPONSE_HELPERS) if (Object.hasOwn(response, key)) response[key] = undefined;
  for (const key of REQUEST_HELPERS) {
    if (Object.hasOwn(request, key))
      Object.defineProperty(request, key, { value: undefined, writable: true, configurable: true, enumerable: true });
  }
  if (Object.hasOwn(request, NEXT_REQUEST_META)) request[NEXT_REQUEST_META] = undefined;
}

/** Writes a source to Node's response until either ends; a client already gone starts nothing. */
function serveSource(source: TByteSource, res: ServerResponse): void {
  if (clientGone(res)) return;
  // `on`, not `once`: a response closes once, and once's wrapper would be held by every stream.
  res.on("close", source(new ResponseSink(res)));
}

/**
 * Serves a web (Request -> Response) route handler from a Pages API route, for long-lived
 * streams. The handler answers as it does anywhere else (request id, rate limits, errors); only
 * the body is then written to Node's response from a task of its own, so the request's Next.js
 * pipeline finishes at once instead of staying alive, with its async contexts, for as long as
 * the stream is open. That is most of what a held App Router response costs (docs/benchmarks.md,
 * "Session streams and SSE memory"). A body made by sinkResponse is written without any web
 * stream at all: an open stream then holds only Node's response and the source's own state.
 */
export function pagesStreamRoute<P extends Record<string, string>>(
  handler: TWebHandler<P>,
  paramNames: readonly (keyof P & string)[],
) {
  return async (
    req: IncomingMessage & { query?: Partial<Record<string, string | string[]>> },
    res: ServerResponse,
  ): Promise<void> => {
    const head = req.method === "HEAD";
    // No signal: a web body is cancelled by pump() and a source stopped by serveSource() when the
    // response closes, so nothing of the request needs to outlive the handler.
    const request = new Request(new URL(req.url ?? "/", ORIGIN), {
      method: head ? "GET" : req.method,
      headers: webHeaders(req),
    });
    const params = Object.fromEntries(paramNames.map((name) => [name, String(req.query?.[name] ?? "")])) as P;
    const response = await handler(request, { params: Promise.resolve(params) });
    for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("set-cookie", cookies);
    res.writeHead(response.status, response.statusText || undefined);
    const source = takeSinkSource(response);
    if (!response.body || head) {
      response.body?.cancel().catch(() => undefined);
      res.end();
      return;
    }
    // The status reaches the client now, not with the first event. Not awaited: see above.
    res.flushHeaders();
    if (source) {
      serveSource(source, res);
      // Once Next.js's own code after the handler has run (it may still read its request meta).
      setImmediate(shedFrameworkState, req, res);
    } else {
      // Not awaited: the body is written from a task of its own so the handler returns (see above).
      detach(pump(response.body, res), "pages stream route: writing a response body");
    }
  };
}
