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
