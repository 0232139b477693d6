import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { envelope } from "@/server/errors";
import { requestIdFrom } from "@/server/request-id";

// Node's HTTP server accepts TRACE, but the WHATWG Request that Next.js builds from every request
// refuses it ("'TRACE' HTTP method is unsupported"), so Next.js answered a 500 HTML page on every
// route. No route serves it: it is answered here, before Next.js, with the 405 envelope every
// other method a route does not serve gets. (TRACK and CONNECT never reach a request handler:
// Node's parser answers 400 to the first, and CONNECT is a tunnel, not a request.)

const REFUSED_BY_FETCH = new Set(["TRACE"]);
/** What the service's routes serve between them (a route's own 405 names its own methods). */
const SERVED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const PATCHED = Symbol.for("service.unfetchableMethods");

function refuse(req: IncomingMessage, res: ServerResponse): void {
  const requestId = requestIdFrom(new Headers({ "x-request-id": String(req.headers["x-request-id"] ?? "") }));
  const path = (req.url ?? "/").split("?")[0];
  const body = JSON.stringify(
    envelope("METHOD_NOT_ALLOWED", `${req.method} is not supported on ${path}; no route of this service serves it.`),
  );
  res.writeHead(405, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    Allow: SERVED_METHODS,
    "X-Request-Id": requestId,
  });
  res.end(body);
  req.resume();
}

/** Answers TRACE with 405 on every HTTP server of this process (once per process). */
export function refuseUnfetchableMethods(): void {
  const prototype = Server.prototype as Server & { [PATCHED]?: true };
  if (prototype[PATCHED]) return;
  prototype[PATCHED] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      if (req.method && REFUSED_BY_FETCH.has(req.method)) {
        refuse(req, res);
        return true;
      }
    }
    return (emit as (event: string | symbol, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as Server["emit"];
}
