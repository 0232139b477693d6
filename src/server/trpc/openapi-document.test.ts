import { WEBHOOK_EVENT_TYPES } from "@/contracts/webhooks/event-types";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi-document";

type TJson = Record<string, unknown>;
type TOperation = {
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema: TJson }> }>;
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** A deep copy, as a client would receive it over HTTP. */
function documentOf(surface: "v1" | "partner-v1"): TJson {
  return JSON.parse(JSON.stringify(openApiDocument(surface))) as TJson;
}

function operation(document: TJson, path: string, method: (typeof METHODS)[number]): TOperation {
  const item = (document.paths as Record<string, Record<string, TOperation>>)[path];
  expect(item, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
  expect(item![method], `${method.toUpperCase()} ${path} is documented`).toBeDefined();
  return item![method]!;
}

function operations(document: TJson): Array<{ path: string; method: string; operation: TOperation }> {
  return Object.entries((document.paths ?? {}) as Record<string, Record<string, TOperation>>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
}

function jsonSchemaOf(response: TOperation["responses"][string] | undefined): TJson | undefined {
  return response?.content?.["application/json"]?.schema;
}

const ENVELOPE_REF = { $ref: "#/components/schemas/ErrorEnvelope" };

describe("the OpenAPI documents", () => {
  it.each(["v1", "partner-v1"] as const)("%s is a valid OpenAPI document", async (surface) => {
    const result = await new Validator().validate(documentOf(surface));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("serve each surface under its own prefix", () => {
    expect(documentOf("v1")).toMatchObject({ openapi: "3.1.0", servers: [{ url: "/api/v1" }] });
    expect(documentOf("partner-v1")).toMatchObject({ openapi: "3.1.0", servers: [{ url: "/api/partner/v1" }] });
  });

  it("describe every error response with the standard envelope (the MCP endpoint answers JSON-RPC errors)", () => {
    for (const surface of ["v1", "partner-v1"] as const) {
      for (const { path, method, operation } of operations(documentOf(surface))) {
        if (path === "/mcp") continue;
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) >= 400)
            expect(jsonSchemaOf(response), `${surface} ${method} ${path} ${status}`).toEqual(ENVELOPE_REF);
        }
      }
    }
  });

  it("document the envelope as { error: { code, message, details? } }", () => {
    const schemas = (documentOf("v1").components as { schemas: Record<string, TJson> }).schemas;
    const envelope = schemas.ErrorEnvelope!;
    const inner = ((envelope.$defs as Record<string, TJson> | undefined)?.ErrorEnvelope ?? envelope) as {
      required: string[];
      properties: { error: { required: string[]; properties: Record<string, unknown> } };
    };
    expect(inner.required).toEqual(["error"]);
    expect(inner.properties.error.required.sort()).toEqual(["code", "message"]);
    expect(Object.keys(inner.properties.error.properties).sort()).toEqual(["code", "details", "message"]);
  });
});

describe("the v1 document", () => {
  const document = documentOf("v1");
  const schemas = (document.components as { schemas: Record<string, TJson>; securitySchemes: Record<string, TJson> })
    .schemas;
  const securitySchemes = (document.components as { securitySchemes: Record<string, TJson> }).securitySchemes;

  it("documents POST /auth/token: 200 AccessToken, 401 envelope, session cookie only", () => {
    const token = operation(document, "/auth/token", "post");
    expect(jsonSchemaOf(token.responses["200"])).toEqual({ $ref: "#/components/schemas/AccessToken" });
    expect(schemas.AccessToken).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["token", "expiresAt"]),
      properties: { token: { type: "string" }, expiresAt: { type: "string", format: "date-time" } },
    });
    expect(jsonSchemaOf(token.responses["401"])).toEqual(ENVELOPE_REF);
    expect(token.security).toEqual([{ sessionCookie: [] }]);
    expect(securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie", name: "service_session" });
  });

  it("documents GET /auth/whoami: personal API key or user token, 404 envelope", () => {
    const whoami = operation(document, "/auth/whoami", "get");
    expect(whoami.security).toEqual(expect.arrayContaining([{ apiKey: [] }, { userToken: [] }]));
    expect(whoami.security).toHaveLength(2);
    expect(jsonSchemaOf(whoami.responses["200"])).toEqual({ $ref: "#/components/schemas/Whoami" });
    expect(schemas.Whoami).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["user", "organization", "credential"]),
    });
    expect(jsonSchemaOf(whoami.responses["404"])).toEqual(ENVELOPE_REF);
    expect(securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(securitySchemes.userToken).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("offers no partner credential", () => {
    expect(Object.keys(securitySchemes).sort()).toEqual(["apiKey", "sessionCookie", "userToken"]);
  });

  it("declares the completion events as a signed OpenAPI 3.1 webhook, typed per the events the service writes", () => {
    const webhooks = (documentOf("v1") as { webhooks?: Record<string, { post: TJson }> }).webhooks ?? {};
    const delivery = webhooks.completionEvent?.post as
      { security: unknown[]; parameters: Array<{ name: string; required: boolean }>; requestBody: TJson } | undefined;
    expect(delivery?.security).toEqual([]);
    expect(delivery?.parameters.map((header) => [header.name, header.required])).toEqual([
      ["X-Service-Timestamp", true],
      ["X-Service-Signature", true],
    ]);
    const schemas = (documentOf("v1").components as { schemas: Record<string, TJson> }).schemas;
    const event = schemas.CompletionEvent as { properties: { type: { enum: string[] } } };
    expect(event.properties.type.enum).toEqual([...WEBHOOK_EVENT_TYPES]);
  });
});

describe("the partner document", () => {
  const document = documentOf("partner-v1");
  const v1Paths = Object.keys(documentOf("v1").paths as TJson);

  it("contains no v1 path", () => {
    expect(v1Paths.length).toBeGreaterThan(0);
    for (const path of Object.keys(document.paths as TJson)) expect(v1Paths).not.toContain(path);
  });

  // Section 4.7, every row, plus the customer record read (GET /organizations/{orgId}).
  const PARTNER_ROUTES: Array<[(typeof METHODS)[number], string, string]> = [
    ["post", "/organizations", "partnerKey"],
    ["get", "/organizations/{orgId}", "partnerKey"],
    ["post", "/token", "partnerKey"],
    ["post", "/worker-token", "partnerKey"],
    ["get", "/organizations/{orgId}/workers", "partnerKey"],
    ["post", "/organizations/{orgId}/workers", "partnerKey"],
    ["delete", "/organizations/{orgId}/workers/{w}", "partnerKey"],
    ["get", "/organizations/{orgId}/entitlements", "partnerKey"],
    ["patch", "/organizations/{orgId}/automations/{automationId}/entitlement", "partnerKey"],
    ["delete", "/organizations/{orgId}/automations/{automationId}/entitlement", "partnerKey"],
    ["get", "/worker/approvals", "leaseToken"],
    ["post", "/worker/approvals/runs/{runId}", "leaseToken"],
    ["post", "/worker/approvals/sessions/{sessionId}", "leaseToken"],
    ["get", "/support-sessions/{grantId}", "leaseToken"],
  ];

  it("lists every partner route with its credential, one success status and the error envelope", () => {
    for (const [method, path, scheme] of PARTNER_ROUTES) {
      const documented = operation(document, path, method);
      expect(documented.security, `${method} ${path}`).toEqual([{ [scheme]: [] }]);
      const statuses = Object.keys(documented.responses).map(Number);
      expect(
        statuses.filter((status) => status < 300),
        `${method} ${path}`,
      ).toHaveLength(1);
      expect(jsonSchemaOf(documented.responses["401"]), `${method} ${path}`).toEqual(ENVELOPE_REF);
    }
    expect(operation(document, "/organizations", "post").responses["202"]).toBeDefined();
  });

  it("offers only partner credentials", () => {
    const securitySchemes = (document.components as { securitySchemes: Record<string, TJson> }).securitySchemes;
    expect(Object.keys(securitySchemes).sort()).toEqual(["leaseToken", "partnerKey"]);
    for (const { operation } of operations(document)) {
      for (const requirement of operation.security ?? []) {
        for (const name of Object.keys(requirement)) expect(["partnerKey", "leaseToken"]).toContain(name);
      }
    }
  });
});

describe("request schemas as strict as the server", () => {
  const v1 = documentOf("v1");
  const partner = documentOf("partner-v1");
  const schemasOf = (document: TJson) => (document.components as { schemas: Record<string, TJson> }).schemas;
  const bodyOf = (document: TJson, path: string, method: (typeof METHODS)[number]) =>
    (operation(document, path, method) as unknown as { requestBody: { content: Record<string, TJson> } }).requestBody
      .content["application/json"]!;

  it("states the trigger body and record as oneOf with a discriminator on type", () => {
    expect(bodyOf(v1, "/triggers", "post").schema).toEqual({ $ref: "#/components/schemas/CreateTriggerRequest" });
    for (const name of ["CreateTriggerRequest", "Trigger"]) {
      const schema = schemasOf(v1)[name]!;
      expect(schema.anyOf).toBeUndefined();
      expect(schema.discriminator).toEqual({
        propertyName: "type",
        mapping: Object.fromEntries(
          ["schedule", "api", "event"].map((type) => [
            type,
            `#/components/schemas/${name}${type[0]!.toUpperCase()}${type.slice(1)}`,
          ]),
        ),
      });
      expect(schema.oneOf).toHaveLength(3);
    }
  });

  it("states the two worker bodies and the three approval decisions as oneOf", () => {
    const workers = schemasOf(partner).CreateWorkerRequest!;
    expect(workers.oneOf).toEqual([
      { $ref: "#/components/schemas/CreateAssistantWorker" },
      { $ref: "#/components/schemas/VouchWorker" },
    ]);
    expect(schemasOf(partner).AssistantApprovalDecision!.oneOf).toHaveLength(3);
  });

  it("says minProperties where {} is refused, and the patterns the server checks by hand", () => {
    const text = JSON.stringify(v1);
    expect(text).toContain('"minProperties":1,"maxProperties":16');
    const fire = bodyOf(v1, "/triggers/fire", "post").schema as { properties: Record<string, TJson> };
    expect(fire.properties.idempotencyKey).toMatchObject({ pattern: "^[A-Za-z0-9._:-]{1,128}$" });
    const provision = bodyOf(partner, "/organizations", "post").schema as { properties: Record<string, TJson> };
    expect(provision.properties.clientSegment).toMatchObject({ pattern: "^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$" });
    expect(JSON.stringify(partner)).toMatch(/"approval_ttl":\{[^}]*"pattern":"\^P/);
  });

  it("keeps its examples valid for the server's own input schemas", async () => {
    const { surfaceProcedures } = await import("./surface");
    let checked = 0;
    for (const surface of ["v1", "partner-v1"] as const) {
      for (const { meta, procedure } of surfaceProcedures(surface)) {
        const example = meta.examples?.request;
        if (!example) continue;
        const parser = (procedure._def as unknown as { inputs: Array<{ safeParse(value: unknown): unknown }> })
          .inputs[0]!;
        const pathParams = Object.fromEntries(
          [...meta.openapi!.path.matchAll(/\{(\w+)\}/g)].map((match) => [
            match[1]!,
            match[1] === "provider" ? "mail" : "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
          ]),
        );
        const result = parser.safeParse({ ...example, ...pathParams }) as { success: boolean; error?: unknown };
        expect(result.success, `${meta.openapi!.path}: ${JSON.stringify(result.error)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it("gives every JSON request body and success response an example, valid for the route's output schema", async () => {
    const { surfaceProcedures } = await import("./surface");
    // Described by hand (not from a route's meta).
    const skipped = new Set(["post /mcp", "get /agents/sessions/{sessionId}/stream", "post /triggers/ingress/{token}"]);
    type TMediaOf = { content?: Record<string, { example?: unknown }> };
    let checked = 0;
    for (const surface of ["v1", "partner-v1"] as const) {
      const document = documentOf(surface);
      for (const { meta, procedure } of surfaceProcedures(surface)) {
        const method = meta.openapi!.method.toLowerCase() as (typeof METHODS)[number];
        const path = meta.openapi!.path;
        if (skipped.has(`${method} ${path}`)) continue;
        const documented = operation(document, path, method) as TOperation & { requestBody?: TMediaOf };
        const body = documented.requestBody?.content?.["application/json"];
        if (body) expect(body.example, `${surface} ${method} ${path}: request example`).toBeDefined();
        const success = (documented.responses[String(meta.successStatus ?? 200)] as TMediaOf | undefined)?.content?.[
          "application/json"
        ];
        if (!success) continue;
        expect(success.example, `${surface} ${method} ${path}: response example`).toBeDefined();
        const output = (procedure._def as unknown as { output?: { safeParse(value: unknown): unknown } }).output;
        if (!output) continue;
        const result = output.safeParse(success.example) as { success: boolean; error?: unknown };
        expect(result.success, `${surface} ${method} ${path}: ${JSON.stringify(result.error)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(50);
  });

  it("documents the MCP endpoint's Accept requirement and its 406", () => {
    const mcp = operation(v1, "/mcp", "post") as unknown as {
      description: string;
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(mcp.description).toContain("Accept: application/json, text/event-stream");
    expect(Object.keys(mcp.responses["200"]!.content!).sort()).toEqual(["application/json", "text/event-stream"]);
    expect(mcp.responses["406"]).toBeDefined();
  });

  it("describes every tag it uses at the top, the first operation's tag first", () => {
    for (const document of [v1, partner]) {
      const tags = (document.tags as Array<{ name: string }>).map((tag) => tag.name);
      const first = Object.values(document.paths as Record<string, Record<string, { tags: string[] }>>)[0]!;
      expect(tags[0]).toBe(Object.values(first)[0]!.tags[0]);
      for (const { operation } of operations(document))
        for (const tag of (operation as { tags?: string[] }).tags ?? []) expect(tags).toContain(tag);
    }
    expect((v1.info as TJson).license).toBeDefined();
  });
});
