import type { TIntegrationDefinition, TJsonSchema, TToolDefinition } from "./types";
import { WORKSPACE_INTEGRATIONS } from "./workspace/definitions";

const HTTP_REQUEST_PROPERTIES: Record<string, TJsonSchema> = {
  url: { type: "string", format: "uri", description: "Absolute http(s) URL to call." },
  query: {
    type: "object",
    additionalProperties: { type: "string" },
    description: "Query parameters added to the URL.",
  },
  headers: {
    type: "object",
    additionalProperties: { type: "string" },
    description: "Extra request headers (credentials are added by the service).",
  },
};

function httpTool(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"): TToolDefinition {
  const withBody = method !== "GET" && method !== "DELETE";
  return {
    name: `service.http.${method.toLowerCase()}`,
    description:
      method === "GET"
        ? "Read a resource over HTTP (GET) and return its status, headers and body."
        : `Send an HTTP ${method} request${withBody ? " with a JSON body" : ""} and return the response. Changes data on the remote system.`,
    isReadonly: method === "GET",
    inputSchema: {
      type: "object",
      properties: {
        ...HTTP_REQUEST_PROPERTIES,
        ...(withBody ? { body: { description: "JSON body of the request." } } : {}),
      },
      required: ["url"],
      additionalProperties: false,
    },
  };
}

/** Built into every organization's catalog from day one. */
export const BUILT_IN_INTEGRATIONS: readonly TIntegrationDefinition[] = [
  {
    id: "service.http",
    name: "HTTP",
    description:
      "Call any HTTP API: a read-only GET tool and write tools for POST, PUT, PATCH and DELETE. Outbound calls pass an SSRF guard.",
    builtIn: true,
    credential: {
      token: true,
      fields: [{ name: "api_key", description: "Sent as the X-API-Key header.", header: "X-API-Key" }],
      prefers: "token",
    },
    tools: (["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map(httpTool),
    // A generic webhook, so event triggers work without any third-party system: the sender
    // posts { actor?, occurredAt?, payload } and any path below `payload` can be filtered on.
    events: [
      {
        type: "webhook.received",
        description: "An HTTP call to the trigger's ingress URL, signed with its endpoint secret.",
        actorFields: ["id", "email", "name"],
        payloadPaths: ["payload.*"],
      },
    ],
  },
  {
    id: "service.knowledge",
    name: "Knowledge",
    description: "Search the published knowledge articles the automation selected (full-text, ranked, with snippets).",
    builtIn: true,
    credential: { token: false, fields: [], prefers: "none" },
    tools: [
      {
        name: "service.knowledge.search",
        description:
          "Full-text search over the automation's selected knowledge; returns the best articles with snippets.",
        isReadonly: true,
        inputSchema: {
          type: "object",
          properties: {
            query: { type: "string", minLength: 1, maxLength: 500, description: "What to look for." },
            limit: { type: "integer", minimum: 1, maximum: 20, default: 5 },
          },
          required: ["query"],
          additionalProperties: false,
        },
      },
    ],
  },
  // The assistant worker's end user's mail and calendar (spec 4.8 connections).
  ...WORKSPACE_INTEGRATIONS,
];
