import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { TUserActor } from "@/server/auth/actor";
import { authenticateBearer } from "@/server/auth/authenticate";
import { ready } from "@/server/db/client";
import { log } from "@/server/log";
import { createMcpServer } from "./create-mcp-server";

// JSON-RPC error codes in the implementation-defined server range (-32000..-32099).
const RPC_SERVER_ERROR = -32000;
const RPC_UNAUTHORIZED = -32001;
const RPC_INTERNAL = -32603;
const REALM = 'realm="agent-automation-service"';

/** An HTTP-level refusal in the shape MCP clients read: a JSON-RPC error, id null. */
function rpcError(status: number, rpcCode: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: rpcCode, message, data: { code } }, id: null }, { status, headers });
}

/**
 * 401 with `WWW-Authenticate: Bearer` (RFC 6750): the status MCP clients treat as "fix your
 * credential". No OAuth resource metadata is offered; the credential is a personal API key.
 */
function unauthorized(hadCredential: boolean): Response {
  const message = hadCredential
    ? "The credential is invalid, revoked, or not a personal API key. The MCP endpoint accepts only Authorization: Bearer yk_... (a personal API key from the console's Developer page)."
    : "Send Authorization: Bearer yk_... with a personal API key from the console's Developer page.";
  const challenge = hadCredential ? `Bearer ${REALM}, error="invalid_token", error_description="A personal API key (yk_) is required"` : `Bearer ${REALM}`;
  return rpcError(401, RPC_UNAUTHORIZED, "UNAUTHORIZED", message, { "WWW-Authenticate": challenge });
}

/** Stateless mode keeps no server-to-client stream and no session to delete: POST only. */
function methodNotAllowed(method: string): Response {
  return rpcError(405, RPC_SERVER_ERROR, "METHOD_NOT_ALLOWED", `${method} is not supported: this MCP endpoint is stateless; send JSON-RPC messages with POST.`, { Allow: "POST" });
}

async function authenticate(req: Request): Promise<TUserActor | null> {
  await ready();
  return (await authenticateBearer(req.headers, ["api_key"])) as TUserActor | null;
}

/**
 * POST /api/v1/mcp: Model Context Protocol over Streamable HTTP, one fresh server and transport
 * per request (sessionIdGenerator undefined). Responses are SSE streams (enableJsonResponse
 * false), which lets tools/call send progress notifications while the agent works.
 */
export async function handleMcpRequest(req: Request): Promise<Response> {
  if (req.method !== "POST") return methodNotAllowed(req.method);
  try {
    const actor = await authenticate(req);
    if (!actor) return unauthorized(req.headers.has("authorization"));
    const server = await createMcpServer(actor, { requestSignal: req.signal });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: false });
    await server.connect(transport);
    return await transport.handleRequest(req);
  } catch (error) {
    log.error("MCP request failed", { error });
    return rpcError(500, RPC_INTERNAL, "INTERNAL", `The service failed to handle the request (at ${new Date().toISOString()}). Try again; if it keeps failing, report this time.`);
  }
}
