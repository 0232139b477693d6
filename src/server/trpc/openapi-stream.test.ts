import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi-document";

// The document read as plain JSON, to reach into any operation without its schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TLooseDocument = { paths: Record<string, Record<string, any>> };

describe("the session stream in the v1 OpenAPI document", () => {
  const document = JSON.parse(JSON.stringify(openApiDocument("v1"))) as { paths: Record<string, Record<string, any>> }; // eslint-disable-line @typescript-eslint/no-explicit-any

  it("documents 200 text/event-stream and the 404 envelope, with the personal key", async () => {
    const operation = document.paths["/agents/sessions/{sessionId}/stream"]!.get;
    expect(Object.keys(operation.responses["200"].content)).toEqual(["text/event-stream"]);
    expect(operation.responses["404"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ErrorEnvelope",
    });
    expect(operation.security).toEqual([{ apiKey: [] }]);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toContain("Last-Event-ID");
    expect((await new Validator().validate(document as never)).valid).toBe(true);
  });

  it("is in the partner document only as the tenant route's twin (issue 40), never at the v1 path", () => {
    const partner = openApiDocument("partner-v1") as { paths: Record<string, unknown> };
    expect(Object.keys(partner.paths).filter((path) => path.includes("/stream"))).toEqual([
      "/organizations/{orgId}/agents/sessions/{sessionId}/stream",
    ]);
  });
});

describe("the MCP endpoint in the v1 OpenAPI document", () => {
  it("documents POST with the personal key, the JSON-RPC 401 and the stateless 405, in v1 only", async () => {
    const document = JSON.parse(JSON.stringify(openApiDocument("v1"))) as TLooseDocument;
    const operation = document.paths["/mcp"]!.post;
    expect(Object.keys(operation.responses).sort()).toEqual(["200", "202", "401", "405", "406", "415"]);
    expect(operation.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(document.paths["/mcp"]!)).toEqual(["post"]);
    expect((await new Validator().validate(document as never)).valid).toBe(true);
    expect(Object.keys((openApiDocument("partner-v1") as { paths: object }).paths)).not.toContain("/mcp");
  });
});

describe("the event ingress in the v1 OpenAPI document", () => {
  it("documents POST without Authorization, the signature headers, the event body and every refusal", async () => {
    const document = JSON.parse(JSON.stringify(openApiDocument("v1"))) as TLooseDocument;
    const operation = document.paths["/triggers/ingress/{token}"]!.post;
    expect(operation.security).toEqual([]);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      "token",
      "X-Service-Timestamp",
      "X-Service-Signature",
      "Idempotency-Key",
    ]);
    const body = operation.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(["payload"]);
    expect(body.additionalProperties).toBe(false);
    expect(Object.keys(operation.responses).sort()).toEqual([
      "202",
      "400",
      "401",
      "403",
      "404",
      "405",
      "409",
      "413",
      "500",
    ]);
    expect((await new Validator().validate(document as never)).valid).toBe(true);
  });
});
