import { describe, expect, it } from "vitest";
import { actorIn } from "../../../../test/factories";
import { db } from "@/server/db/client";
import { crmDocument } from "@/server/integrations/openapi/crm-fixture";
import { disableIntegration } from "./disable-integration";
import { getIntegration } from "./get-integration";
import { importOpenApiIntegration } from "./import-openapi-integration";
import { searchIntegrations } from "./search-integrations";

describe("importOpenApiIntegration", () => {
  it("lets an organization Owner or Admin add an integration that only their organization sees", async () => {
    for (const orgRole of ["OWNER", "ADMIN"] as const) {
      const { actor, organization } = await actorIn({ orgRole, domainRole: null });
      const result = await importOpenApiIntegration(actor, { document: crmDocument() });
      const id = `${organization.slug}.acme-crm`;
      expect(result.integration).toMatchObject({
        id,
        name: "Acme CRM",
        description: "Contacts and deals of the Acme CRM.",
      });
      expect(result.integration.tools.map((tool) => tool.reference)).toContain(`#${id}.listContacts`);
      expect(result.credentialFields).toEqual([
        { name: "api_key_auth", description: "Workspace API key.", header: "X-CRM-Key" },
      ]);
      expect(result.skipped).toHaveLength(1);
      const row = await db().customIntegration.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({
        organizationId: organization.id,
        baseUrl: "https://eu.crm.example.com/v2",
        createdById: actor.userId,
        disabledAt: null,
      });
      expect((row.tools as { http: unknown }[])[0]!.http).toMatchObject({ method: "GET", path: "/contacts" });
      expect((await getIntegration(actor, { id })).tools).toHaveLength(4);
      // The public shape never carries the executor's binding.
      expect(JSON.stringify(result.integration)).not.toContain("baseUrl");
    }
  });

  it("refuses members without organization administration (403), whatever their domain role", async () => {
    const { actor } = await actorIn({ orgRole: "MEMBER", domainRole: "OWNER" });
    await expect(importOpenApiIntegration(actor, { document: crmDocument() })).rejects.toMatchObject({
      code: "FORBIDDEN",
      status: 403,
    });
  });

  it("answers 409 CONFLICT when the organization already has that id, disabled or not", async () => {
    const { actor } = await actorIn({ orgRole: "OWNER" });
    const first = await importOpenApiIntegration(actor, { document: crmDocument() });
    await expect(importOpenApiIntegration(actor, { document: crmDocument() })).rejects.toMatchObject({
      code: "CONFLICT",
      status: 409,
      details: { id: first.integration.id },
    });
    await disableIntegration(actor, { id: first.integration.id });
    await expect(importOpenApiIntegration(actor, { document: crmDocument() })).rejects.toThrow(/disabled/);
    const renamed = await importOpenApiIntegration(actor, { document: crmDocument(), name: "Acme CRM 2" });
    expect(renamed.integration.id).toBe(`${first.integration.id}-2`);
  });

  it("passes document problems on as 400 VALIDATION", async () => {
    const { actor } = await actorIn({ orgRole: "OWNER" });
    await expect(importOpenApiIntegration(actor, { document: { openapi: "2.0" } })).rejects.toMatchObject({
      code: "VALIDATION",
      status: 400,
    });
  });
});

describe("disableIntegration", () => {
  it("hides the integration from search and reads (404), and is idempotent", async () => {
    const { actor } = await actorIn({ orgRole: "ADMIN" });
    const { integration } = await importOpenApiIntegration(actor, { document: crmDocument() });
    const disabled = await disableIntegration(actor, { id: integration.id });
    expect(new Date(disabled.disabledAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await disableIntegration(actor, { id: integration.id })).toEqual(disabled);
    await expect(getIntegration(actor, { id: integration.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const { integrations } = await searchIntegrations(actor, { q: "crm" });
    expect(integrations).toEqual([]);
    expect(await db().customIntegration.count({ where: { id: integration.id } })).toBe(1);
  });

  it("refuses members (403), other organizations' ids (404) and built-ins (400)", async () => {
    const owner = await actorIn({ orgRole: "OWNER" });
    const { integration } = await importOpenApiIntegration(owner.actor, { document: crmDocument() });
    const member = await actorIn({ orgRole: "MEMBER" });
    await expect(disableIntegration(member.actor, { id: integration.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const otherAdmin = await actorIn({ orgRole: "OWNER" });
    await expect(disableIntegration(otherAdmin.actor, { id: integration.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(disableIntegration(owner.actor, { id: "nobody.nothing" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(disableIntegration(owner.actor, { id: "service.http" })).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await getIntegration(owner.actor, { id: integration.id })).id).toBe(integration.id);
  });
});
