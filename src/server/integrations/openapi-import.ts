import { AppError } from "@/server/errors";
import { HTTP_METHODS, type THttpMethod, type THttpParam, type THttpTool } from "./http/http-binding";
import { customIntegrationId, MAX_TOOL_NAME_LENGTH, operationSegment, snakeCase, uniqueName } from "./openapi/ids";
import { deref, inlineSchema } from "./openapi/resolve-refs";
import type { TCredentialField, TJsonSchema } from "./types";

export const MAX_IMPORTED_OPERATIONS = 200;
const MAX_CREDENTIAL_FIELDS = 16;
const MAX_NAME = 120;
const MAX_DESCRIPTION = 2_000;
const MAX_TOOL_DESCRIPTION = 1_000;

export type TOpenApiImportOptions = {
  /** The parsed document, or its JSON text. */
  document: unknown;
  orgSlug: string;
  orgId: string;
  /** Overrides info.title. */
  name?: string;
  /** Overrides servers[0].url. */
  baseUrl?: string;
};

export type TImportedIntegration = {
  id: string;
  name: string;
  description: string;
  baseUrl: string;
  credentialFields: TCredentialField[];
  tools: THttpTool[];
  /** Operations that could not become tools, and why (shown to the person importing). */
  skipped: { operation: string; reason: string }[];
};

type TDoc = Record<string, unknown>;

const invalid = (message: string) => new AppError("VALIDATION", `The OpenAPI document cannot be imported: ${message}`);
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

function parseDocument(input: unknown): TDoc {
  let document = input;
  if (typeof input === "string") {
    try {
      document = JSON.parse(input);
    } catch {
      throw invalid("it is not valid JSON (YAML is not accepted; convert it to JSON first).");
    }
  }
  if (!isObject(document)) throw invalid("it must be a JSON object.");
  if (!/^3\.[01]\.\d+$/.test(text(document.openapi)))
    throw invalid(`only OpenAPI 3.0 and 3.1 are supported (openapi: ${JSON.stringify(document.openapi ?? null)}).`);
  if (!isObject(document.paths)) throw invalid("it has no paths.");
  return document;
}

/** An absolute http(s) base URL without credentials, query or trailing slash. */
export function normalizeBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(
      `the base URL ${JSON.stringify(value)} is not absolute; give a baseUrl such as https://api.example.com/v1.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw invalid(`the base URL must use http or https (got ${url.protocol}).`);
  if (url.username || url.password) throw invalid("the base URL must not contain credentials.");
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function serverUrl(document: TDoc): string {
  const server = Array.isArray(document.servers) && isObject(document.servers[0]) ? document.servers[0] : undefined;
  const raw = text(server?.url);
  if (!raw) throw invalid("it names no server; give a baseUrl.");
  const variables = isObject(server?.variables) ? server.variables : {};
  return raw.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole;
  });
}

/** apiKey schemes sent in a header become declared credential fields (query and cookie keys are not supported). */
function credentialFields(document: TDoc): TCredentialField[] {
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const taken = new Set<string>();
  const fields: TCredentialField[] = [];
  for (const [key, value] of Object.entries(schemes)) {
    const scheme = deref(document, value);
    if (!scheme || scheme.type !== "apiKey" || scheme.in !== "header" || !text(scheme.name)) continue;
    if (fields.length === MAX_CREDENTIAL_FIELDS) break;
    const header = text(scheme.name);
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header)) continue;
    const name = uniqueName(snakeCase(key) || "api_key", taken, 64);
    fields.push({ name, description: clip(text(scheme.description) || `Sent as the ${header} header.`, 500), header });
  }
  return fields;
}

type TOperationInput = { inputSchema: TJsonSchema; params: THttpParam[]; bodyArg: string | null };

/** Path and query parameters (path-level ones overridden by the operation's) and the JSON body. */
function operationInput(
  document: TDoc,
  pathItem: Record<string, unknown>,
  operation: Record<string, unknown>,
): TOperationInput | string {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const param = deref(document, raw);
      if (param && text(param.name) && (param.in === "path" || param.in === "query"))
        byKey.set(`${param.in}:${param.name}`, param);
    }
  }
  const properties: Record<string, TJsonSchema> = {};
  const required: string[] = [];
  const params: THttpParam[] = [];
  const taken = new Set<string>();
  const requestBody = deref(document, operation.requestBody);
  if (requestBody) taken.add("body");
  for (const param of byKey.values()) {
    const name = text(param.name);
    const arg = taken.has(name) ? uniqueName(`${param.in}_${name}`, taken, 64) : uniqueName(name, taken, 64);
    const schema = inlineSchema(document, param.schema ?? { type: "string" });
    properties[arg] = text(param.description) ? { ...schema, description: clip(text(param.description), 500) } : schema;
    if (param.in === "path" || param.required === true) required.push(arg);
    params.push({ arg, name, in: param.in as THttpParam["in"] });
  }
  let bodyArg: string | null = null;
  if (requestBody) {
    const content = isObject(requestBody.content) ? requestBody.content : {};
    const jsonType = Object.keys(content).find((type) => /^application\/(.+\+)?json\b/i.test(type));
    if (!jsonType) return `the request body is not JSON (${Object.keys(content).join(", ") || "no content"})`;
    const media = isObject(content[jsonType]) ? content[jsonType] : {};
    bodyArg = "body";
    properties.body = {
      ...inlineSchema(document, media.schema),
      ...(text(requestBody.description) ? { description: clip(text(requestBody.description), 500) } : {}),
    };
    if (requestBody.required === true) required.push("body");
  }
  const inputSchema: TJsonSchema = {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
  return { inputSchema, params, bodyArg };
}

/**
 * Turns an OpenAPI 3.0/3.1 document into a custom integration: one tool per operation
 * (GET/HEAD read-only), inputs from path/query parameters and the JSON body with local $refs
 * inlined, credential fields from header API keys. Pure: the service checks permission and
 * uniqueness and stores the result.
 */
export function integrationFromOpenApi(options: TOpenApiImportOptions): TImportedIntegration {
  const document = parseDocument(options.document);
  const info = isObject(document.info) ? document.info : {};
  const name = clip(text(options.name) || text(info.title), MAX_NAME);
  if (!name) throw invalid("info.title is missing; give a name.");
  const description = clip(text(info.description) || text(info.summary), MAX_DESCRIPTION);
  const baseUrl = normalizeBaseUrl(options.baseUrl?.trim() || serverUrl(document));
  const id = customIntegrationId(options.orgSlug, options.orgId, name);
  const segmentRoom = MAX_TOOL_NAME_LENGTH - id.length - 1;
  const tools: THttpTool[] = [];
  const skipped: TImportedIntegration["skipped"] = [];
  const takenSegments = new Set<string>();
  for (const [path, rawItem] of Object.entries(document.paths as Record<string, unknown>)) {
    const pathItem = deref(document, rawItem);
    if (!pathItem || !path.startsWith("/")) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method.toLowerCase()];
      if (!isObject(operation)) continue;
      const label = `${method} ${path}`;
      const input = operationInput(document, pathItem, operation);
      if (typeof input === "string") {
        skipped.push({ operation: label, reason: input });
        continue;
      }
      if (tools.length === MAX_IMPORTED_OPERATIONS)
        throw invalid(`it has more than ${MAX_IMPORTED_OPERATIONS} operations; import a smaller document.`);
      const segment = uniqueName(operationSegment(operation.operationId, method, path), takenSegments, segmentRoom);
      const summary = text(operation.summary);
      const details = text(operation.description);
      const about = [summary, details && details !== summary ? details : ""].filter(Boolean).join("\n\n") || label;
      tools.push({
        name: `${id}.${segment}`,
        description: clip(operation.deprecated === true ? `(Deprecated) ${about}` : about, MAX_TOOL_DESCRIPTION),
        isReadonly: method === "GET" || method === "HEAD",
        inputSchema: input.inputSchema,
        http: { method: method as THttpMethod, baseUrl, path, params: input.params, bodyArg: input.bodyArg },
      });
    }
  }
  if (!tools.length) throw invalid("it has no operation that can become a tool.");
  return { id, name, description, baseUrl, credentialFields: credentialFields(document), tools, skipped };
}
