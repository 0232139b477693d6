import { AppError } from "@/server/errors";
import type { TIntegrationDefinition, TJsonSchema } from "@/server/integrations/types";
import type { THttpMethod, THttpTool, TToolCredential } from "./http-binding";

/** What the executor sends on the first hop, before redirects. */
export type TToolRequest = {
  method: THttpMethod;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
  /** Header names that carry credentials: removed when a redirect leaves the origin. */
  sensitiveHeaders: Set<string>;
};

// The transport owns these; a tool input cannot set them.
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "expect",
  "proxy-authorization",
  "proxy-connection",
  "accept-encoding",
]);

const invalid = (tool: string, message: string) =>
  new AppError("VALIDATION", `Invalid input for ${tool}: ${message}`, { details: { reason: "invalid_input", tool } });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function typeMatches(type: unknown, value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
    default:
      return true;
  }
}

/**
 * Checks a call's arguments against the tool's input schema: required properties, no
 * undeclared properties when the schema closes them, and each top-level property's type.
 * (Nested body schemas are the remote API's business; it answers with its own errors.)
 */
export function validateArgs(tool: string, schema: TJsonSchema, args: unknown): Record<string, unknown> {
  if (!isPlainObject(args)) throw invalid(tool, "the arguments must be a JSON object.");
  const properties = (schema.properties ?? {}) as Record<string, TJsonSchema>;
  for (const name of (schema.required ?? []) as string[]) {
    if (args[name] === undefined) throw invalid(tool, `"${name}" is required.`);
  }
  for (const [name, value] of Object.entries(args)) {
    const property = properties[name];
    if (!property) {
      if (schema.additionalProperties === false) throw invalid(tool, `"${name}" is not an input of this tool.`);
      continue;
    }
    if (value === undefined) continue;
    const types = Array.isArray(property.type) ? property.type : [property.type];
    if (property.type !== undefined && !types.some((type) => typeMatches(type, value))) {
      throw invalid(tool, `"${name}" must be of type ${types.join(" or ")}.`);
    }
    if (Array.isArray(property.enum) && !property.enum.includes(value))
      throw invalid(tool, `"${name}" must be one of ${property.enum.join(", ")}.`);
  }
  return args;
}

/** Scalars become strings; anything else is refused (query values and header values). */
function stringMap(tool: string, what: string, value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw invalid(tool, `"${what}" must be an object of strings.`);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string" && typeof item !== "number" && typeof item !== "boolean")
      throw invalid(tool, `"${what}.${key}" must be a string.`);
    out[key] = String(item);
  }
  return out;
}

function absoluteUrl(tool: string, value: unknown): URL {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw invalid(tool, `"url" must be an absolute http(s) URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw invalid(tool, `"url" must use http or https (got ${url.protocol}).`);
  return url;
}

function safeHeaderValue(tool: string, name: string, value: string): string {
  if (/[\r\n\0]/.test(value)) throw invalid(tool, `the header ${name} contains a line break.`);
  return value;
}

function jsonBody(headers: Record<string, string>, body: unknown): Buffer | undefined {
  if (body === undefined) return undefined;
  const type = headers["content-type"];
  // A string sent with an explicit non-JSON content type goes as it is (form, XML, text).
  if (typeof body === "string" && type && !/json/i.test(type)) return Buffer.from(body, "utf8");
  headers["content-type"] ??= "application/json";
  return Buffer.from(JSON.stringify(body), "utf8");
}

/**
 * Credential material becomes headers: the token as `Authorization: Bearer`, each field the
 * integration declares as its declared header. Undeclared field names are dropped (spec
 * section 2). When a field's header is Authorization too, the integration's preference wins.
 */
function credentialHeaders(integration: TIntegrationDefinition, credential: TToolCredential): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!credential) return headers;
  const fieldHeaders: Record<string, string> = {};
  for (const field of integration.credential.fields) {
    const value = credential.fields?.[field.name];
    if (value !== undefined && field.header) fieldHeaders[field.header.toLowerCase()] = value;
  }
  const token =
    credential.token !== undefined && integration.credential.token
      ? { authorization: `Bearer ${credential.token}` }
      : {};
  Object.assign(
    headers,
    ...(integration.credential.prefers === "fields" ? [token, fieldHeaders] : [fieldHeaders, token]),
  );
  for (const [name, value] of Object.entries(headers)) safeHeaderValue(integration.id, name, value);
  return headers;
}

function baseHeaders(tool: string, extra: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    accept: "application/json, */*;q=0.8",
    "user-agent": "service-http-tool/1",
  };
  for (const [name, value] of Object.entries(extra)) {
    const key = name.toLowerCase();
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(key)) throw invalid(tool, `"${name}" is not a valid header name.`);
    if (!RESERVED_HEADERS.has(key)) headers[key] = safeHeaderValue(tool, name, value);
  }
  return headers;
}

function finish(
  method: THttpMethod,
  url: URL,
  headers: Record<string, string>,
  body: unknown,
  integration: TIntegrationDefinition,
  credential: TToolCredential,
): TToolRequest {
  const withCredential = { ...headers, ...credentialHeaders(integration, credential) };
  const sensitiveHeaders = new Set([
    "authorization",
    "cookie",
    ...integration.credential.fields.flatMap((field) => (field.header ? [field.header.toLowerCase()] : [])),
  ]);
  const payload = method === "GET" || method === "HEAD" ? undefined : jsonBody(withCredential, body);
  return { method, url, headers: withCredential, body: payload, sensitiveHeaders };
}

/** service.http.<method>: the URL, query, headers and body come from the call itself. */
export function builtInHttpRequest(
  tool: THttpTool,
  args: Record<string, unknown>,
  integration: TIntegrationDefinition,
  credential: TToolCredential,
): TToolRequest {
  const method = tool.name.split(".").pop()!.toUpperCase() as THttpMethod;
  const url = absoluteUrl(tool.name, args.url);
  for (const [key, value] of Object.entries(stringMap(tool.name, "query", args.query)))
    url.searchParams.append(key, value);
  const headers = baseHeaders(tool.name, stringMap(tool.name, "headers", args.headers));
  return finish(method, url, headers, args.body, integration, credential);
}

/** A custom integration's tool: method, base URL and path template come from its binding. */
export function customHttpRequest(
  tool: THttpTool,
  args: Record<string, unknown>,
  integration: TIntegrationDefinition,
  credential: TToolCredential,
): TToolRequest {
  const binding = tool.http;
  if (!binding)
    throw new AppError("VALIDATION", `The tool ${tool.name} cannot be called over HTTP.`, {
      details: { reason: "not_http", tool: tool.name },
    });
  let path = binding.path;
  const query = new URLSearchParams();
  for (const param of binding.params) {
    const value = args[param.arg];
    if (value === undefined || value === null) continue;
    if (typeof value === "object") throw invalid(tool.name, `"${param.arg}" must be a string, number or boolean.`);
    if (param.in === "path") path = path.split(`{${param.name}}`).join(encodeURIComponent(String(value)));
    else query.append(param.name, String(value));
  }
  if (/\{[^}]+\}/.test(path)) throw invalid(tool.name, `the path ${binding.path} needs every path parameter.`);
  const url = absoluteUrl(tool.name, `${binding.baseUrl.replace(/\/+$/, "")}${path}`);
  for (const [key, value] of query) url.searchParams.append(key, value);
  const body = binding.bodyArg ? args[binding.bodyArg] : undefined;
  return finish(binding.method, url, baseHeaders(tool.name, {}), body, integration, credential);
}
