import { describe, expect, it } from "vitest";
import { actorIn, addDomainMember, addOrgMember, createDomain, createUser } from "../../../../test/factories";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { crmDocument } from "@/server/integrations/openapi/crm-fixture";
import { open } from "@/server/vault/vault";
import { importOpenApiIntegration } from "@/server/services/integrations/import-openapi-integration";
import { createConnection } from "./create-connection";
import { deleteConnection } from "./delete-connection";
import { listConnections } from "./list-connections";
import { resolveConnectionSecret, resolveDomainConnection } from "./resolve-connection-secret";

/** The organization's audit entries, oldest first, as stored. */
async function auditOf(organizationId: string) {
  return db().auditEntry.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { kind: true, actorUserId: true, actorLabel: true, subjectId: true, summary: true, data: true },
  });
}

const TOKEN = "tok_live_0123456789abcdefWXYZ";

async function memberOf(base: Awaited<ReturnType<typeof actorIn>>, role: DomainRole): Promise<TUserActor> {
  const user = await createUser();
  await addOrgMember(base.organization.id, user.id);
  await addDomainMember(base.domain.id, user.id, role);
  return { ...base.actor, userId: user.id, email: user.email, orgRole: "MEMBER" };
}

describe("connections", () => {
  it("seals the secret, never returns it, and hands it decrypted to the engine", async () => {
    const world = await actorIn({ domainRole: "EDITOR" });
    const { connection } = await createConnection(world.actor, {
      domainId: world.domain.id,
      integrationId: "service.http",
      name: "Billing API",
      token: TOKEN,
      fields: { api_key: "short" },
    });
    expect(connection).toEqual({
      id: expect.any(String),
      domainId: world.domain.id,
      name: "Billing API",
      integrationId: "service.http",
      secretHint: "token …WXYZ, api_key …",
      createdAt: expect.any(String),
    });
    const row = await db().connection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(row.sealedSecret).toMatch(/^v1\./);
    expect(row.sealedSecret).not.toContain(TOKEN);
    expect(JSON.parse(await open(row.sealedSecret))).toEqual({ token: TOKEN, fields: { api_key: "short" } });
    expect(await resolveConnectionSecret(connection.id, world.organization.id)).toEqual({
      token: TOKEN,
      fields: { api_key: "short" },
    });
    expect(
      await resolveDomainConnection({
        orgId: world.organization.id,
        domainId: world.domain.id,
        integrationId: "service.http",
      }),
    ).toEqual({
      connectionId: connection.id,
      secret: { token: TOKEN, fields: { api_key: "short" } },
    });
    expect(
      await resolveDomainConnection({
        orgId: world.organization.id,
        domainId: world.domain.id,
        integrationId: "service.other",
      }),
    ).toBeNull();
    const listed = await listConnections(world.actor, { domainId: world.domain.id });
    expect(listed.connections).toEqual([connection]);
    expect(JSON.stringify(listed)).not.toContain(TOKEN);
  });

  it("requires edit_automation in the domain (403) and hides other organizations' domains (404)", async () => {
    const world = await actorIn({ domainRole: "OWNER" });
    const input = { domainId: world.domain.id, integrationId: "service.http", name: "x", token: TOKEN };
    for (const role of ["VIEWER", "OPERATOR"] as const) {
      const actor = await memberOf(world, role);
      await expect(createConnection(actor, input)).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
      await expect(listConnections(actor, { domainId: world.domain.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    const orgAdmin = await actorIn({ orgRole: "OWNER", domainRole: null });
    await expect(createConnection(orgAdmin.actor, { ...input, domainId: orgAdmin.domain.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const stranger = await actorIn({ domainRole: "OWNER" });
    await expect(createConnection(stranger.actor, input)).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });
    await expect(listConnections(stranger.actor, { domainId: world.domain.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("accepts only integrations the organization sees and material they declare", async () => {
    const world = await actorIn({ orgRole: "OWNER", domainRole: "OWNER" });
    const { integration } = await importOpenApiIntegration(world.actor, { document: crmDocument() });
    const base = { domainId: world.domain.id, name: "CRM" };
    const crm = await createConnection(world.actor, {
      ...base,
      integrationId: integration.id,
      fields: { api_key_auth: "crm-key" },
    });
    expect(crm.connection.integrationId).toBe(integration.id);
    await expect(
      createConnection(world.actor, { ...base, integrationId: integration.id, fields: { password: "x" } }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      message: expect.stringContaining("password"),
    });
    await expect(
      createConnection(world.actor, { ...base, integrationId: "service.knowledge", token: TOKEN }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      createConnection(world.actor, { ...base, integrationId: "nobody.nothing", token: TOKEN }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const other = await actorIn({ orgRole: "OWNER", domainRole: "OWNER" });
    await expect(
      createConnection(other.actor, {
        domainId: other.domain.id,
        name: "x",
        integrationId: integration.id,
        token: TOKEN,
      }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("deletes with edit_automation; other organizations get 404, viewers 403", async () => {
    const world = await actorIn({ domainRole: "EDITOR" });
    const second = await createDomain(world.organization.id, "Sales");
    await addDomainMember(second.id, world.actor.userId, "EDITOR");
    const { connection } = await createConnection(world.actor, {
      domainId: world.domain.id,
      integrationId: "service.http",
      name: "x",
      token: TOKEN,
    });
    const other = await createConnection(world.actor, {
      domainId: second.id,
      integrationId: "service.http",
      name: "y",
      token: TOKEN,
    });
    const stranger = await actorIn({ domainRole: "OWNER" });
    await expect(deleteConnection(stranger.actor, { id: connection.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resolveConnectionSecret(connection.id, stranger.organization.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(resolveConnectionSecret("not-a-uuid", world.organization.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const viewer = await memberOf(world, "VIEWER");
    await expect(deleteConnection(viewer, { id: connection.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await deleteConnection(world.actor, { id: connection.id })).toEqual({ id: connection.id });
    await expect(deleteConnection(world.actor, { id: connection.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listConnections(world.actor, { domainId: world.domain.id })).connections).toEqual([]);
    expect((await listConnections(world.actor, { domainId: second.id })).connections).toEqual([other.connection]);
  });

  it("logs creation and deletion with name, integration and domain, never the secret; refusals log nothing", async () => {
    const world = await actorIn({ domainRole: "EDITOR" });
    const { connection } = await createConnection(world.actor, {
      domainId: world.domain.id,
      integrationId: "service.http",
      name: "Audited API",
      token: TOKEN,
    });
    const viewer = await memberOf(world, "VIEWER");
    await expect(
      createConnection(viewer, { domainId: world.domain.id, integrationId: "service.http", name: "No", token: TOKEN }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(deleteConnection(viewer, { id: connection.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await deleteConnection(world.actor, { id: connection.id });
    const entries = await auditOf(world.organization.id);
    const facts = { name: "Audited API", integrationId: "service.http", domainId: world.domain.id };
    expect(entries).toEqual([
      {
        kind: "connection.created",
        actorUserId: world.actor.userId,
        actorLabel: `${world.actor.name} <${world.actor.email}>`,
        subjectId: connection.id,
        summary: expect.stringContaining('"Audited API"'),
        data: facts,
      },
      {
        kind: "connection.deleted",
        actorUserId: world.actor.userId,
        actorLabel: `${world.actor.name} <${world.actor.email}>`,
        subjectId: connection.id,
        summary: 'Deleted the service.http connection "Audited API"',
        data: facts,
      },
    ]);
    const stored = JSON.stringify(entries);
    expect(stored).not.toContain(TOKEN);
    expect(stored).not.toContain(TOKEN.slice(-4));
  });
});
