import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { TUserActor } from "@/server/auth/actor";
import { authenticateBearer } from "@/server/auth/authenticate";
import type { AppError } from "@/server/errors";
import { serveApiRequest } from "@/server/http/api-route";
import { countAfterAuthentication } from "@/server/ratelimit/request-limits";
import { requestKeys } from "@/server/ratelimit/request-keys";
import { createMcpServer } from "./create-mcp-server";

// JSON-RPC error codes in the implementation-defined server range (-32000..-32099).
const RPC_SERVER_ERROR = -32000;
const RPC_UNAUTHORIZED = -32001;
const RPC_INTERNAL = -32603;
const REALM = 'realm="agent-automation-service"';

/** An HTTP-level refusal in the shape MCP clients read: a JSON-RPC error, id null. */
function rpcError(
  status: number,
  rpcCode: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  details?: Record<string, unknown>,
): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: rpcCode, message, data: { code, ...details } }, id: null },
    { status, headers },
  );
}

/** Refusals of the route wrapper (405, 429, 500) in the JSON-RPC shape, with the service's code in data. */
function rpcRefusal(error: AppError): Response {
  return rpcError(
    error.status,
    error.status >= 500 ? RPC_INTERNAL : RPC_SERVER_ERROR,
    error.code,
    error.message,
    error.headers,
    error.details,
  );
}

/**
 * 401 with `WWW-Authenticate: Bearer` (RFC 6750): the status MCP clients treat as "fix your
 * credential". No OAuth resource metadata is offered; the credential is a personal API key.
 */
function unauthorized(hadCredential: boolean): Response {
  const message = hadCredential
    ? "The credential is invalid, revoked, or not a personal API key. The MCP endpoint accepts only Authorization: Bearer yk_... (a personal API key from the console's Developer page)."
    : "Send Authorization: Bearer yk_... with a personal API key from the console's Developer page.";
  const challenge = hadCredential
    ? `Bearer ${REALM}, error="invalid_token", error_description="A personal API key (yk_) is required"`
    : `Bearer ${REALM}`;
  return rpcError(401, RPC_UNAUTHORIZED, "UNAUTHORIZED", message, { "WWW-Authenticate": challenge });
}

async function serveMcp(req: Request): Promise<Response> {
  const actor = (await authenticateBearer(req.headers, ["api_key"])) as TUserActor | null;
  if (!actor) return unauthorized(req.headers.has("authorization"));
  await countAfterAuthentication("mcp", { organization: actor.orgId });
  const server = await createMcpServer(actor, { requestSignal: req.signal });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: false,
  });
  await server.connect(transport);
  return await transport.handleRequest(req);
}

/**
 * POST /api/v1/mcp: Model Context Protocol over Streamable HTTP, one fresh server and transport
 * per request (sessionIdGenerator undefined). Responses are SSE streams (enableJsonResponse
 * false), which lets tools/call send progress notifications while the agent works. Stateless
 * mode keeps no server-to-client stream and no session to delete: POST only.
 */
export function handleMcpRequest(req: Request): Promise<Response> {
  return serveApiRequest(
    req,
    {
      route: "/api/v1/mcp",
      methods: ["POST"],
      rateLimit: () => ({ surface: "mcp", keys: requestKeys(req, "") }),
      renderError: rpcRefusal,
    },
    {},
    () => serveMcp(req),
  );
}
