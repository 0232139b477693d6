import type { OpenAPIObject } from "trpc-to-openapi";

const JSON_RPC_ERROR = {
  type: "object",
  properties: {
    jsonrpc: { type: "string", enum: ["2.0"] },
    id: { type: ["string", "number", "null"] },
    error: {
      type: "object",
      properties: { code: { type: "integer" }, message: { type: "string" }, data: { type: "object" } },
    },
  },
};

/** The MCP endpoint is a plain route handler speaking JSON-RPC, described here by hand (ARCHITECTURE rule 11). */
export function addMcpOperation(document: OpenAPIObject): void {
  document.paths ??= {};
  const refusal = (description: string) => ({
    description,
    content: { "application/json": { schema: JSON_RPC_ERROR } },
  });
  document.paths["/mcp"] = {
    post: {
      operationId: "mcp",
      summary: "Model Context Protocol endpoint (Streamable HTTP, stateless)",
      description:
        "JSON-RPC 2.0 over Streamable HTTP: `initialize`, `ping`, `tools/list`, `tools/call`. Every published agent the key owner may run is a tool (naming rule: docs/decisions.md, 'MCP endpoint'); its input is `{ message, sessionId? }`. A call opens or continues a session exactly as the run routes do and answers when the turn completes, suspends for approval, fails, or is still running at the wait bound (`MCP_TURN_WAIT_SECONDS`). Progress notifications are sent when the request carries a progressToken. Send `Accept: application/json, text/event-stream`: the answer is either (Streamable HTTP), and a request whose `Accept` does not list both is answered 406. (OpenAPI ignores an `Accept` header parameter, so the requirement is stated here and by the two media types of the 200.)",
      tags: ["Agent sessions"],
      security: [{ apiKey: [] }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              description:
                "A JSON-RPC 2.0 request (`jsonrpc: '2.0'`, `id`, `method`: `initialize`, `ping`, `tools/list`, `tools/call`, and its `params`) or a notification (no `id`).",
              additionalProperties: true,
            },
            example: { jsonrpc: "2.0", id: 1, method: "tools/list" },
          },
        },
      },
      responses: {
        "200": {
          description: "The JSON-RPC response, as JSON or as an SSE stream that also carries progress notifications.",
          content: {
            "application/json": { schema: { type: "object" } },
            "text/event-stream": { schema: { type: "string" } },
          },
        },
        "202": { description: "A notification was accepted." },
        "401": refusal(
          "No credential, or one that is not a valid personal key `yk_` (`WWW-Authenticate: Bearer`); the body is a JSON-RPC error.",
        ),
        "406": refusal(
          "The `Accept` header does not list both `application/json` and `text/event-stream`; the body is a JSON-RPC error (code -32000).",
        ),
        "415": refusal("The body is not `Content-Type: application/json`; the body is a JSON-RPC error (code -32000)."),
        "405": refusal("GET and DELETE: the endpoint is stateless and answers POST only (`Allow: POST`)."),
      },
    },
  } as never;
}
