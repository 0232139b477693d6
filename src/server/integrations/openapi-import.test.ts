import { describe, expect, it } from "vitest";
import { crmDocument } from "./openapi/crm-fixture";
import { customIntegrationId, organizationPart } from "./openapi/ids";
import { integrationFromOpenApi } from "./openapi-import";

const base = { orgSlug: "acme", orgId: "8a1f6a4e-3b7f-4b0e-9c55-0a4c2b7d9e11" };

describe("integrationFromOpenApi", () => {
  const imported = integrationFromOpenApi({ ...base, document: crmDocument() });
  const tool = (suffix: string) => imported.tools.find((candidate) => candidate.name === `acme.acme-crm.${suffix}`)!;

  it("names the integration from info and the organization", () => {
    expect(imported).toMatchObject({
      id: "acme.acme-crm",
      name: "Acme CRM",
      description: "Contacts and deals of the Acme CRM.",
      baseUrl: "https://eu.crm.example.com/v2",
    });
  });

  it("makes one tool per operation, read-only for GET, with wire ids from operationId or method and path", () => {
    expect(imported.tools.map((candidate) => [candidate.name, candidate.isReadonly])).toEqual([
      ["acme.acme-crm.listContacts", true],
      ["acme.acme-crm.createContact", false],
      ["acme.acme-crm.getContact", true],
      ["acme.acme-crm.delete_contacts_contactid", false],
    ]);
    expect(tool("listContacts").description).toBe(
      "List contacts\n\nReturns contacts, newest first, filtered by a search term.",
    );
    expect(tool("delete_contacts_contactid").description).toBe("Delete a contact");
  });

  it("skips operations whose body is not JSON, and says why", () => {
    expect(imported.skipped).toEqual([
      { operation: "PUT /contacts/{contactId}/avatar", reason: expect.stringContaining("image/png") },
    ]);
  });

  it("builds input schemas from parameters ($ref resolved) and the JSON body", () => {
    expect(tool("listContacts").inputSchema).toEqual({
      type: "object",
      properties: {
        limit: { type: "integer", minimum: 1, maximum: 100, description: "Page size." },
        search: { type: "string" },
      },
      additionalProperties: false,
    });
    expect(tool("getContact").inputSchema).toMatchObject({
      properties: { contactId: { type: "string" } },
      required: ["contactId"],
    });
    const body = (tool("createContact").inputSchema.properties as Record<string, Record<string, unknown>>).body!;
    expect(tool("createContact").inputSchema.required).toEqual(["body"]);
    expect(body).toMatchObject({
      type: "object",
      required: ["email"],
      properties: {
        email: { type: "string" },
        address: { type: "object", properties: { country: { type: ["string", "null"] } } },
      },
    });
    // The self-reference stops at the cycle instead of recursing.
    expect((body.properties as Record<string, unknown>).manager).toEqual({});
  });

  it("records method, path and base URL for the executor", () => {
    expect(tool("getContact").http).toEqual({
      method: "GET",
      baseUrl: "https://eu.crm.example.com/v2",
      path: "/contacts/{contactId}",
      params: [{ arg: "contactId", name: "contactId", in: "path" }],
      bodyArg: null,
    });
    expect(tool("createContact").http).toMatchObject({ method: "POST", bodyArg: "body" });
  });

  it("declares header API keys as credential fields (snake_case names), ignoring query keys", () => {
    expect(imported.credentialFields).toEqual([
      { name: "api_key_auth", description: "Workspace API key.", header: "X-CRM-Key" },
    ]);
  });

  it("takes overrides for the name and base URL, and accepts JSON text", () => {
    const custom = integrationFromOpenApi({
      ...base,
      document: JSON.stringify(crmDocument()),
      name: "Sales CRM",
      baseUrl: "https://crm.internal.example/api/",
    });
    expect(custom).toMatchObject({
      id: "acme.sales-crm",
      name: "Sales CRM",
      baseUrl: "https://crm.internal.example/api",
    });
    expect(custom.tools[0]!.name).toBe("acme.sales-crm.listContacts");
  });

  it("refuses what it cannot import, with a clear message", () => {
    const refuse =
      (document: unknown, extra: Record<string, unknown> = {}) =>
      () =>
        integrationFromOpenApi({ ...base, document, ...extra });
    expect(refuse("openapi: 3.1.0")).toThrow(/not valid JSON/);
    expect(refuse({ swagger: "2.0", paths: {} })).toThrow(/OpenAPI 3.0 and 3.1/);
    expect(refuse(crmDocument({ servers: [{ url: "/v2" }] }))).toThrow(/not absolute/);
    expect(refuse(crmDocument({ servers: [] }))).toThrow(/no server/);
    expect(refuse(crmDocument(), { baseUrl: "ftp://files.example.com" })).toThrow(/http or https/);
    expect(refuse(crmDocument({ info: { version: "1" } }))).toThrow(/info.title/);
    expect(refuse(crmDocument({ paths: {} }))).toThrow(/no operation/);
    const many = Object.fromEntries(
      Array.from({ length: 201 }, (_, i) => [`/r${i}`, { get: { operationId: `r${i}` } }]),
    );
    expect(refuse(crmDocument({ paths: many }))).toThrow(/more than 200 operations/);
    try {
      refuse("{")();
    } catch (error) {
      expect(error).toMatchObject({ code: "VALIDATION", status: 400 });
    }
  });

  it("keeps ids within bounds and unique", () => {
    const long = integrationFromOpenApi({
      ...base,
      document: crmDocument(),
      name: "A very long integration name ".repeat(5),
    });
    expect(long.id.length).toBeLessThanOrEqual(64);
    const paths = {
      "/a": { get: { operationId: "same" }, post: { operationId: "same" } },
      "/b": { get: { operationId: `x${"y".repeat(150)}` } },
    };
    const tools = integrationFromOpenApi({ ...base, document: crmDocument({ paths }) }).tools.map(
      (candidate) => candidate.name,
    );
    expect(tools.slice(0, 2)).toEqual(["acme.acme-crm.same", "acme.acme-crm.same_2"]);
    expect(tools[2]!.length).toBeLessThanOrEqual(100);
  });
});

describe("custom integration ids", () => {
  it("never takes the reserved 'service' prefix, and shortens long organization slugs with a hash", () => {
    expect(customIntegrationId("service", base.orgId, "HTTP")).toMatch(/^service-[0-9a-f]{8}\.http$/);
    const long = organizationPart("a".repeat(60), base.orgId);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).not.toBe(organizationPart("a".repeat(60), "another-org"));
    expect(customIntegrationId("acme", base.orgId, "!!!")).toBe("acme.api");
  });
});
