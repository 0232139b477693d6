import { nameJsonValues } from "./openapi-json-value";
import { generateOpenApiDocument, type OpenAPIObject, type SecuritySchemeObject } from "trpc-to-openapi";
import { z } from "zod";
import { createSchema } from "zod-openapi";
import { ZErrorEnvelope } from "@/contracts/common/error";
import { IDEMPOTENCY_KEY_PATTERN } from "@/contracts/common/patterns";
import { SURFACE_PREFIX, type TProcedureMeta, type TSurface } from "@/contracts/common/meta";
import { appRouter } from "@/server/routers/root";
import { addIngressOperation } from "./openapi-ingress";
import { addMcpOperation } from "./openapi-mcp";
import { addSessionStreamOperation, tenantStreamDoor } from "./openapi-stream";
import { orgIdFirst, subjectParameter, TENANT_SUBJECT } from "./openapi-subject";
import { addAssistantWebhook, addCompletionWebhook } from "./openapi-webhooks";
import { surfaceProcedures } from "./surface";

const SECURITY_SCHEMES: Record<TSurface, Record<string, SecuritySchemeObject>> = {
  v1: {
    apiKey: {
      type: "http",
      scheme: "bearer",
      description: "Personal API key (`yk_...`), created in the console. Acts as its owner.",
    },
    userToken: {
      type: "http",
      scheme: "bearer",
      description: "Short-lived user access token (`yku_...`) from `POST /auth/token`; valid one hour.",
    },
    sessionCookie: {
      type: "apiKey",
      in: "cookie",
      name: "service_session",
      description: "The console's browser session.",
    },
  },
  "partner-v1": {
    partnerKey: { type: "http", scheme: "bearer", description: "Partner key (`ykp_...`)." },
    leaseToken: {
      type: "http",
      scheme: "bearer",
      description: "Leased token (`ykt_...`) from `/token` or `/worker-token`; valid one hour.",
    },
  },
};

const TITLES: Record<TSurface, { title: string; description: string }> = {
  v1: {
    title: "Agent Automation Service: customer API",
    description:
      "Run published agents and flows, author agents and knowledge, fire triggers. Every error uses the envelope `{ error: { code, message, details? } }`.",
  },
  "partner-v1": {
    title: "Agent Automation Service: partner API",
    description:
      "Provision customer organizations, mint leases, vouch workers, manage entitlements and assistant workers.",
  },
};

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input (VALIDATION): malformed JSON, unknown fields in a strict body, or a value out of bounds.",
  429: "Too many requests for this credential, organization or address (RATE_LIMITED): retry after `Retry-After` seconds. Every response carries the limits in force as `RateLimit-Policy` and `RateLimit`.",
  415: "The body is not JSON (VALIDATION): send `Content-Type: application/json`.",
  500: "Unexpected failure (INTERNAL).",
};

/** Surfaces whose every operation is rate limited (src/server/ratelimit). */
const RATE_LIMITED_SURFACES: readonly TSurface[] = ["partner-v1", "v1"];

type TOperation = {
  responses?: Record<string, unknown>;
  security?: unknown;
  requestBody?: unknown;
  parameters?: unknown[];
};

function errorResponse(description: string, headers?: Record<string, unknown>) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
  };
}

const header = (description: string, schema: Record<string, unknown>) => ({ description, schema });

const RETRY_AFTER = header("Seconds to wait before retrying.", { type: "integer", minimum: 0 });

/** The limits in force, on every answer of a rate-limited surface (decisions.md, "The 429 answer and headers"). */
const RATE_LIMIT_HEADERS = {
  RateLimit: header("The tightest limit's remaining requests and reset, e.g. `limit=600, remaining=598, reset=57`.", {
    type: "string",
  }),
  "RateLimit-Policy": header("The limits in force for this request, e.g. `600;w=60`.", { type: "string" }),
};

const IDEMPOTENCY_KEY_SCHEMA = {
  type: "string",
  minLength: 1,
  maxLength: 128,
  pattern: IDEMPOTENCY_KEY_PATTERN.source,
};

const IDEMPOTENCY_409 =
  "The Idempotency-Key was used with another body (IDEMPOTENCY_KEY_REUSED), or its first request is still running (IDEMPOTENCY_IN_PROGRESS, retry after `Retry-After`).";

/** The `Idempotency-Key` request header of a route that deduplicates (section 4.5's rules). */
function idempotencyKeyParameter(required: boolean) {
  return {
    name: "Idempotency-Key",
    in: "header",
    required,
    description:
      "Makes a retry safe: a request repeated with the same key and body within 24 hours (provisioning: 7 days) answers the first one's stored response with `Idempotency-Replayed: true` and does the work once. Sent once, 1-128 letters, digits, `.`, `_`, `:`, `-`.",
    schema: IDEMPOTENCY_KEY_SCHEMA,
    example: "open-7f3c9a1e-retry-safe",
  };
}

/**
 * trpc-to-openapi always documents success as 200 and describes its own error shape; the
 * service answers with the status each route declares and the standard envelope. This
 * rewrites each operation to say what the route really does.
 */
function describeOperation(operation: TOperation, meta: TProcedureMeta, path: string): void {
  const declared = (meta.openapi?.errorResponses ?? {}) as Record<number, string>;
  const success = operation.responses?.["200"] as { content?: unknown } | undefined;
  const status = meta.successStatus ?? 200;
  const responses: Record<string, unknown> = {
    [String(status)]: status === 204 ? { description: "No content" } : { ...success, description: "Success" },
  };
  // Every route refuses a malformed query string (400), and every body route a body that is not JSON (415).
  const errors: Record<number, string> = {
    ...declared,
    400: declared[400] ?? STATUS_TEXT[400]!,
    500: STATUS_TEXT[500]!,
  };
  if (operation.requestBody || ["POST", "PUT", "PATCH"].includes(meta.openapi!.method))
    errors[415] ??= STATUS_TEXT[415]!;
  const rateLimited = Boolean(meta.surface && RATE_LIMITED_SURFACES.includes(meta.surface));
  if (rateLimited) errors[429] ??= STATUS_TEXT[429]!;
  // A query integer's default comes out as the digits the query string carries: say the number.
  for (const parameter of (operation.parameters ?? []) as Array<{ schema?: { type?: string; default?: unknown } }>)
    if (parameter.schema?.type === "integer" && typeof parameter.schema.default === "string")
      parameter.schema.default = Number(parameter.schema.default);
  if (meta.tenant) operation.parameters = orgIdFirst(operation.parameters ?? []);
  const subject = meta.surface === "partner-v1" ? subjectParameter(path, meta) : null;
  if (subject) operation.parameters = [...(operation.parameters ?? []), subject];
  if (meta.idempotency) {
    errors[409] ??= IDEMPOTENCY_409;
    operation.parameters = [...(operation.parameters ?? []), idempotencyKeyParameter(meta.idempotency === "required")];
  }
  for (const [code, text] of Object.entries(errors)) {
    const retryAfter = code === "429" || (code === "409" && meta.idempotency) || code === "503";
    const headers = {
      ...(retryAfter ? { "Retry-After": RETRY_AFTER } : {}),
      ...(rateLimited ? RATE_LIMIT_HEADERS : {}),
    };
    responses[code] = errorResponse(text, Object.keys(headers).length > 0 ? headers : undefined);
  }
  const succeeded = responses[String(status)] as Record<string, unknown>;
  succeeded.headers = {
    ...(meta.idempotency
      ? {
          "Idempotency-Replayed": header(
            "`true` when this is the stored answer of an earlier request with the same Idempotency-Key.",
            { type: "string", enum: ["true"] },
          ),
        }
      : {}),
    ...(rateLimited ? RATE_LIMIT_HEADERS : {}),
  };
  if (Object.keys(succeeded.headers as object).length === 0) delete succeeded.headers;
  operation.responses = responses;
  const schemes = ((meta.openapi as { security?: string[] } | undefined)?.security ?? []) as string[];
  operation.security = schemes.map((name) => ({ [name]: [] }));
}

function buildDocument(surface: TSurface): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: TITLES[surface].title,
    description: TITLES[surface].description,
    version: "1.0.0",
    openApiVersion: "3.1.0",
    baseUrl: SURFACE_PREFIX[surface],
    securitySchemes: SECURITY_SCHEMES[surface],
    filter: ({ metadata }) => (metadata as TProcedureMeta).surface === surface,
  });
  for (const { meta } of surfaceProcedures(surface)) {
    const path = meta.openapi!.path.replace(/:(\w+)/g, "{$1}");
    const operation = (document.paths?.[path] as Record<string, TOperation> | undefined)?.[
      meta.openapi!.method.toLowerCase()
    ];
    if (!operation) continue;
    describeOperation(operation, meta, path);
    documentBody(document, operation, meta);
  }
  // The schema has a meta id, so zod wraps it as { $ref: "#/$defs/ErrorEnvelope", $defs }: take
  // the definition itself, since "#/$defs" would point at the root of the OpenAPI document.
  const generated = z.toJSONSchema(ZErrorEnvelope) as { $defs?: Record<string, unknown> } & Record<string, unknown>;
  const { $schema: _ignored, ...envelopeSchema } = (generated.$defs?.ErrorEnvelope ?? generated) as Record<
    string,
    unknown
  >;
  const schemas = Object.fromEntries(
    // The adapter's own error shapes ({ message, code, issues }) are never sent: drop them.
    Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")),
  );
  document.components = { ...document.components, schemas: { ...schemas, ErrorEnvelope: envelopeSchema as never } };
  if (surface === "partner-v1") {
    addAssistantWebhook(document);
    addSessionStreamOperation(document, tenantStreamDoor(TENANT_SUBJECT));
  }
  if (surface === "v1") {
    addCompletionWebhook(document);
    addSessionStreamOperation(document);
    addMcpOperation(document);
    addIngressOperation(document);
  }
  addDiscriminators(document);
  describeDocument(document);
  return withStandardFormats(nameJsonValues(document));
}

type TSchema = Record<string, unknown>;
type TMedia = { schema?: unknown; example?: unknown };

/** A route's `documentedBody` (its union, stated as `oneOf`) and its examples. */
function documentBody(document: OpenAPIObject, operation: TOperation, meta: TProcedureMeta): void {
  const body = (operation.requestBody as { content?: Record<string, TMedia> } | undefined)?.content?.[
    "application/json"
  ];
  if (meta.documentedBody && body) {
    const { schema, components } = createSchema(meta.documentedBody, { io: "input", openapiVersion: "3.1.0" });
    body.schema = schema;
    const schemas = (document.components ??= {}).schemas ?? {};
    for (const [name, component] of Object.entries(components)) {
      // A documented body's branches are strict objects that exclude each other: exactly one matches.
      const { anyOf, ...rest } = component as TSchema;
      schemas[name] ??= (anyOf ? { ...rest, oneOf: anyOf } : component) as never;
    }
    document.components.schemas = schemas;
  }
  if (meta.examples?.request && body) body.example = meta.examples.request;
  const status = String(meta.successStatus ?? 200);
  const success = (operation.responses?.[status] as { content?: Record<string, TMedia> } | undefined)?.content?.[
    "application/json"
  ];
  if (meta.examples?.response && success) success.example = meta.examples.response;
}

function pascal(value: string): string {
  return value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

/** The one literal a branch's property takes (`const`, or an enum of one), if any. */
function literalOf(property: unknown): string | null {
  const schema = property as { const?: unknown; enum?: unknown[] } | undefined;
  if (typeof schema?.const === "string") return schema.const;
  if (schema?.enum?.length === 1 && typeof schema.enum[0] === "string") return schema.enum[0];
  return null;
}

/**
 * zod writes a discriminated union as a bare `oneOf` of inline objects (and a plain union as
 * `anyOf`). A component that is a union of objects which all require one property, each with its
 * own literal, becomes `oneOf` of named branches (`<Component><Literal>`, e.g. `TriggerSchedule`)
 * with `discriminator: { propertyName, mapping }`, so generators can type each branch.
 */
function addDiscriminators(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, TSchema>;
  const resolve = (branch: TSchema): TSchema => {
    const ref = branch.$ref;
    return typeof ref === "string" ? (schemas[ref.replace("#/components/schemas/", "")] ?? {}) : branch;
  };
  for (const [name, schema] of Object.entries(schemas)) {
    const branches = (schema.oneOf ?? schema.anyOf) as TSchema[] | undefined;
    if (!branches || branches.length < 2) continue;
    const objects = branches.map(resolve);
    const first = objects[0]!;
    const candidates = Object.keys((first.properties ?? {}) as TSchema);
    const propertyName = candidates.find((property) => {
      const values = objects.map((branch) =>
        ((branch.required ?? []) as string[]).includes(property)
          ? literalOf((branch.properties as TSchema | undefined)?.[property])
          : null,
      );
      return values.every((value) => value !== null) && new Set(values).size === values.length;
    });
    if (!propertyName) continue;
    const mapping: Record<string, string> = {};
    const refs = branches.map((branch, index) => {
      const value = literalOf((objects[index]!.properties as TSchema)[propertyName])!;
      if (typeof branch.$ref === "string") {
        mapping[value] = branch.$ref;
        return branch;
      }
      const branchName = `${name}${pascal(value)}`;
      if (schemas[branchName]) throw new Error(`OpenAPI: ${branchName} (a branch of ${name}) is taken`);
      schemas[branchName] = branch;
      mapping[value] = `#/components/schemas/${branchName}`;
      return { $ref: mapping[value] };
    });
    delete schema.anyOf;
    schema.oneOf = refs;
    // The branches say `type: object` each; beside `oneOf` it only repeats them.
    if (schema.type === "object") delete schema.type;
    schema.discriminator = { propertyName, mapping };
  }
}

/**
 * What generators and linters read at the top: contact, license, and every tag an operation uses,
 * described. The tags are listed in the order the operations first use them, never sorted: the
 * console's API reference (Scalar) shows the tags in this order and opens the first one
 * (`defaultOpenFirstTag`), so it must stay the tag of the first operation (`Auth` in v1, whose
 * operations the reference shows open). A sorted list opened "Agent sessions" instead and the
 * reference showed no operation of the first screen: the earlier try (b45dbad).
 */
function describeDocument(document: OpenAPIObject): void {
  // Names only: a deployment's own support address is its operator's to publish.
  document.info.contact = { name: "Agent Automation Service support" };
  document.info.license = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };
  const used: string[] = [];
  const items = [
    ...Object.values(document.paths ?? {}),
    ...Object.values((document as { webhooks?: Record<string, unknown> }).webhooks ?? {}),
  ];
  for (const item of items)
    for (const operation of Object.values(item as Record<string, { tags?: string[] }>))
      for (const tag of operation.tags ?? []) if (!used.includes(tag)) used.push(tag);
  document.tags = used.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: "Short-lived user tokens and who a credential is.",
  Authoring: "Agents and their revisions.",
  Knowledge: "Knowledge bases, articles and modules agents read.",
  Triggers: "Schedules, API and event triggers, and their firings.",
  "Agent sessions": "Conversations with published agents: open, message, approve, read, follow.",
  "Assistant workers": "The end users of a customer's assistant: their conversations, policies, approvals and events.",
  Assistant: "A customer's assistant: the agent that answers its workers, its webhook and its events.",
  "Assistant connections": "Workers' connections to third-party accounts and the OAuth apps they use.",
  Entitlements: "What a provisioned customer may use.",
  Leases: "Short-lived tokens a partner mints for its apps and workers.",
  Provisioning: "Customer organizations a partner creates and follows.",
  "Support sessions": "Sessions a customer shares with its partner for support.",
  "Worker approvals": "Decisions a vouched worker takes on runs and sessions.",
  Workers: "Named workers a partner vouches for in a customer.",
  Domains: "A provisioned customer's domains and the subject's role in each (tenant routes).",
  Settings:
    "What a customer's organization Owners and Admins set: its name and its monthly model budget (tenant routes).",
  "Webhook endpoints": "Where the service tells a customer's product that a turn or a flow run settled.",
};

// zod writes `format` for checks JSON Schema has no format for (startsWith -> "starts_with");
// strict validators reject unknown formats, and the pattern beside it already says the same.
const NON_STANDARD_FORMATS = new Set(["starts_with", "ends_with", "includes", "regex", "lowercase", "uppercase"]);

function withStandardFormats<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withStandardFormats) as T;
  if (node && typeof node === "object") {
    const entries = Object.entries(node).filter(
      ([key, value]) => !(key === "format" && typeof value === "string" && NON_STANDARD_FORMATS.has(value)),
    );
    return Object.fromEntries(entries.map(([key, value]) => [key, withStandardFormats(value)])) as T;
  }
  return node;
}

const cache = new Map<TSurface, OpenAPIObject>();

/** The surface's OpenAPI 3.1 document, built once per process. */
export function openApiDocument(surface: TSurface): OpenAPIObject {
  let document = cache.get(surface);
  if (!document) {
    document = buildDocument(surface);
    cache.set(surface, document);
  }
  return document;
}
