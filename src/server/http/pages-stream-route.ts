import type { IncomingMessage, ServerResponse } from "node:http";

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

async function pump(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
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
 * Serves a web (Request -> Response) route handler from a Pages API route, for long-lived
 * streams. The handler answers as it does anywhere else (request id, rate limits, errors); only
 * the body's bytes are then copied to Node's response from a task of their own, so the request's
 * Next.js pipeline finishes at once instead of staying alive, with its async contexts, for as
 * long as the stream is open. That is most of what a held App Router response costs
 * (docs/benchmarks.md, "Where a held stream's memory goes").
 */
export function pagesStreamRoute<P extends Record<string, string>>(handler: TWebHandler<P>, paramNames: readonly (keyof P & string)[]) {
  return async (req: IncomingMessage & { query?: Partial<Record<string, string | string[]>> }, res: ServerResponse): Promise<void> => {
    const gone = new AbortController();
    res.once("close", () => gone.abort());
    const head = req.method === "HEAD";
    const request = new Request(new URL(req.url ?? "/", ORIGIN), { method: head ? "GET" : req.method, headers: webHeaders(req), signal: gone.signal });
    const params = Object.fromEntries(paramNames.map((name) => [name, String(req.query?.[name] ?? "")])) as P;
    const response = await handler(request, { params: Promise.resolve(params) });
    for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("set-cookie", cookies);
    res.writeHead(response.status, response.statusText || undefined);
    if (!response.body || head) {
      void response.body?.cancel().catch(() => undefined);
      res.end();
      return;
    }
    // The status reaches the client now, not with the first event. Not awaited: see above.
    res.flushHeaders();
    void pump(response.body, res);
  };
}
