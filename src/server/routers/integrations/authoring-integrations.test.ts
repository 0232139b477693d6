import { beforeAll, describe, expect, it } from "vitest";
import { actorIn } from "../../../../test/factories";
import type { TUserActor } from "@/server/auth/actor";
import { BUILT_IN_INTEGRATIONS } from "@/server/integrations/built-in";
import { crmDocument } from "@/server/integrations/openapi/crm-fixture";
import { createApiKey } from "@/server/services/api-keys/create-api-key";
import { revokeApiKey } from "@/server/services/api-keys/revoke-api-key";
import { createAccessToken } from "@/server/services/auth/create-access-token";
import { disableIntegration } from "@/server/services/integrations/disable-integration";
import { importOpenApiIntegration } from "@/server/services/integrations/import-openapi-integration";
import { openApiDocument } from "@/server/trpc/openapi-document";
import { handleOpenApiRequest } from "@/server/trpc/openapi-handler";

// Section 4.3 routes, driven in-process through the real OpenAPI handler with real credentials.

type TSummary = { id: string; name: string; description: string; tools: Record<string, unknown>[] };

async function get(path: string, bearer?: string) {
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  const response = await handleOpenApiRequest(new Request(`http://localhost/api/v1${path}`, { headers }), "v1");
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const list = async (bearer: string, q?: string) => {
  const { status, body } = await get(
    `/authoring/integrations${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`,
    bearer,
  );
  return { status, body, integrations: (body.integrations ?? []) as TSummary[] };
};

const ids = (integrations: TSummary[]) => integrations.map((integration) => integration.id);

async function keyFor(actor: TUserActor) {
  return (await createApiKey(actor, { name: "tests" })).secret;
}

const DESCRIPTION_PHRASE = "newest first";

let acme: Awaited<ReturnType<typeof actorIn>>;
let acmeKey: string;
let acmeToken: string;
let crmId: string;
let legacyId: string;
let globexId: string;
let globexKey: string;

beforeAll(async () => {
  acme = await actorIn({ orgRole: "OWNER", domainRole: "OWNER" });
  acmeKey = await keyFor(acme.actor);
  acmeToken = (await createAccessToken({ userId: acme.actor.userId, orgId: acme.organization.id })).token;
  crmId = (await importOpenApiIntegration(acme.actor, { document: crmDocument() })).integration.id;
  legacyId = (await importOpenApiIntegration(acme.actor, { document: crmDocument(), name: "Legacy Billing" }))
    .integration.id;
  await disableIntegration(acme.actor, { id: legacyId });
  const globex = await actorIn({ orgRole: "OWNER" });
  globexKey = await keyFor(globex.actor);
  globexId = (await importOpenApiIntegration(globex.actor, { document: crmDocument(), name: "Globex Tickets" }))
    .integration.id;
});

describe("GET /api/v1/authoring/integrations", () => {
  it("lists built-ins first, then the organization's own enabled integrations, in the section 2 shape", async () => {
    for (const bearer of [acmeKey, acmeToken]) {
      const { status, integrations } = await list(bearer);
      expect(status).toBe(200);
      expect(ids(integrations)).toEqual([
        "service.calendar",
        "service.http",
        "service.knowledge",
        "service.mail",
        crmId,
      ]);
    }
    const { body, integrations } = await list(acmeKey);
    expect(Object.keys(body)).toEqual(["integrations"]);
    const crm = integrations.find((integration) => integration.id === crmId)!;
    expect(Object.keys(crm).sort()).toEqual(["description", "id", "name", "tools"]);
    expect(crm.tools[0]).toEqual({
      name: `${crmId}.listContacts`,
      reference: `#${crmId}.listContacts`,
      description: expect.stringContaining("List contacts"),
      isReadonly: true,
    });
    for (const integration of integrations) {
      for (const tool of integration.tools) {
        expect(Object.keys(tool).sort()).toEqual(["description", "isReadonly", "name", "reference"]);
        expect(tool.reference).toBe(`#${tool.name}`);
      }
    }
    const http = integrations.find((integration) => integration.id === "service.http")!;
    expect(http.tools.map((tool) => [tool.name, tool.isReadonly])).toEqual([
      ["service.http.get", true],
      ["service.http.post", false],
      ["service.http.put", false],
      ["service.http.patch", false],
      ["service.http.delete", false],
    ]);
  });

  it("never shows another organization's or a disabled integration", async () => {
    const acmeIds = ids((await list(acmeKey)).integrations);
    expect(acmeIds).not.toContain(globexId);
    expect(acmeIds).not.toContain(legacyId);
    expect(ids((await list(acmeKey, "legacy")).integrations)).toEqual([]);
    expect(ids((await list(globexKey)).integrations)).toEqual([
      "service.calendar",
      "service.http",
      "service.knowledge",
      "service.mail",
      globexId,
    ]);
  });

  it("matches ids, names, descriptions, tool names and tool descriptions; trimmed and case-insensitive", async () => {
    expect(ids((await list(acmeKey, "service.http")).integrations)).toEqual(["service.http"]);
    expect(ids((await list(acmeKey, "ACME crm")).integrations)).toEqual([crmId]);
    expect(ids((await list(acmeKey, "contacts and deals")).integrations)).toEqual([crmId]);
    expect(ids((await list(acmeKey, "listcontacts")).integrations)).toEqual([crmId]);
    expect(ids((await list(acmeKey, `  ${DESCRIPTION_PHRASE.toUpperCase()}  `)).integrations)).toEqual([crmId]);
    expect(ids((await list(acmeKey, "full-text")).integrations)).toEqual(["service.knowledge"]);
    expect(ids((await list(acmeKey, "no such thing anywhere")).integrations)).toEqual([]);
    expect(ids((await list(acmeKey, "   ")).integrations)).toHaveLength(5);
    expect(ids((await list(acmeKey, "")).integrations)).toHaveLength(5);
  });

  it("accepts q of 200 characters (after trimming) and refuses 201 with 400 VALIDATION", async () => {
    expect((await list(acmeKey, "a".repeat(200))).status).toBe(200);
    expect((await list(acmeKey, ` ${"a".repeat(200)} `)).status).toBe(200);
    const tooLong = await list(acmeKey, "a".repeat(201));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      error: {
        code: "VALIDATION",
        message: expect.stringContaining("q"),
        details: { issues: [expect.objectContaining({ path: "q" })] },
      },
    });
  });

  it("refuses unknown query parameters (strict input)", async () => {
    const { status, body } = await get("/authoring/integrations?q=http&limit=5", acmeKey);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: "VALIDATION" } });
  });

  it("answers the uniform 404 for a missing, malformed, unknown or revoked credential", async () => {
    const revoked = await createApiKey(acme.actor, { name: "revoked" });
    await revokeApiKey(acme.actor, { id: revoked.apiKey.id });
    for (const bearer of [undefined, "not-a-token", `yk_${"A".repeat(52)}`, revoked.secret]) {
      const { status, body } = await get("/authoring/integrations", bearer);
      expect(status).toBe(404);
      expect(body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    }
  });

  it("returns at most 50 integrations, built-ins first then by name", async () => {
    const big = await actorIn({ orgRole: "OWNER" });
    const names = Array.from({ length: 55 }, (_, index) => `Service ${String(index).padStart(2, "0")}`);
    for (const name of [...names].reverse())
      await importOpenApiIntegration(big.actor, { document: crmDocument(), name });
    const { status, integrations } = await list(await keyFor(big.actor));
    expect(status).toBe(200);
    expect(integrations).toHaveLength(50);
    expect(integrations.map((integration) => integration.name)).toEqual([
      "Calendar",
      "HTTP",
      "Knowledge",
      "Mail",
      ...names.slice(0, 46),
    ]);
  });
});

describe("GET /api/v1/authoring/integrations/{id}", () => {
  it("reads a built-in with its tools' input schemas (ids with dots route correctly)", async () => {
    const { status, body } = await get("/authoring/integrations/service.http", acmeKey);
    expect(status).toBe(200);
    const http = BUILT_IN_INTEGRATIONS[0]!;
    expect(body).toEqual({
      id: "service.http",
      name: http.name,
      description: http.description,
      tools: http.tools.map((tool) => ({
        name: tool.name,
        reference: `#${tool.name}`,
        description: tool.description,
        isReadonly: tool.isReadonly,
        inputSchema: tool.inputSchema,
      })),
    });
  });

  it("reads the organization's own custom integration, without the executor's binding", async () => {
    for (const bearer of [acmeKey, acmeToken]) {
      const { status, body } = await get(`/authoring/integrations/${crmId}`, bearer);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: crmId, name: "Acme CRM", description: "Contacts and deals of the Acme CRM." });
      const tools = body.tools as Record<string, unknown>[];
      expect(tools.map((tool) => tool.name)).toEqual([
        `${crmId}.listContacts`,
        `${crmId}.createContact`,
        `${crmId}.getContact`,
        `${crmId}.delete_contacts_contactid`,
      ]);
      for (const tool of tools)
        expect(Object.keys(tool).sort()).toEqual(["description", "inputSchema", "isReadonly", "name", "reference"]);
      expect(tools[2]!.inputSchema).toEqual({
        type: "object",
        properties: { contactId: { type: "string" } },
        required: ["contactId"],
        additionalProperties: false,
      });
      expect(JSON.stringify(body)).not.toContain("crm.example.com");
    }
  });

  it("answers 404 NOT_FOUND for unknown, disabled and other-organization ids", async () => {
    for (const id of ["nobody.nothing", "service.nope", legacyId, globexId, encodeURIComponent("a/b")]) {
      const { status, body } = await get(`/authoring/integrations/${id}`, acmeKey);
      expect(status).toBe(404);
      expect(body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    }
    expect((await get(`/authoring/integrations/${globexId}`, globexKey)).status).toBe(200);
  });

  it("answers 404 for a bad credential even for a built-in id", async () => {
    expect((await get("/authoring/integrations/service.http")).status).toBe(404);
    expect((await get("/authoring/integrations/service.http", "yku_bogus")).status).toBe(404);
  });

  it("answers 405 for other methods", async () => {
    const response = await handleOpenApiRequest(
      new Request("http://localhost/api/v1/authoring/integrations/service.http", {
        method: "DELETE",
        headers: { authorization: `Bearer ${acmeKey}` },
      }),
      "v1",
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("OpenAPI document", () => {
  it("documents both routes under Authoring with bearer security and the declared errors", () => {
    const document = openApiDocument("v1");
    const listOp = document.paths?.["/authoring/integrations"]?.get as Record<string, unknown>;
    const getOp = document.paths?.["/authoring/integrations/{id}"]?.get as Record<string, unknown>;
    for (const operation of [listOp, getOp]) {
      expect(operation.tags).toEqual(["Authoring"]);
      expect(operation.security).toEqual([{ apiKey: [] }, { userToken: [] }]);
      expect(Object.keys(operation.responses as object)).toEqual(expect.arrayContaining(["200", "400", "404"]));
    }
    expect(JSON.stringify(listOp.parameters)).toContain('"q"');
    expect(JSON.stringify(getOp.parameters)).toContain('"in":"path"');
  });
});
