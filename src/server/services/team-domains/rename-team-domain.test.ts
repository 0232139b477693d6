import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { renameTeamDomain } from "./rename-team-domain";
import { auditOf, domainsWorld } from "./test-kit";

describe("renameTeamDomain", () => {
  // Opening the database (a PGlite snapshot) is the slow part of a loaded machine: not any one test's time.
  beforeAll(() => db().$queryRaw`SELECT 1`);

  it("renames a domain for its Owner and records the old and new names", async () => {
    const { acme, people } = await domainsWorld();
    const { domain } = await renameTeamDomain(people.opsOwner.actor, { domainId: acme.ops, name: "Operations" });
    expect(domain).toMatchObject({ id: acme.ops, name: "Operations", myRole: "OWNER", canManage: true });
    expect(await auditOf(acme.id, "domain.renamed")).toEqual([
      expect.objectContaining({
        actorUserId: people.opsOwner.actor.userId,
        subjectId: acme.ops,
        summary: 'Renamed the domain "Ops" to "Operations"',
        data: { from: "Ops", to: "Operations" },
      }),
    ]);
  });

  it("lets an organization Admin without a role in the domain rename it", async () => {
    const { acme, people } = await domainsWorld();
    const { domain } = await renameTeamDomain(people.orgAdmin.actor, { domainId: acme.sales, name: "Revenue" });
    expect(domain).toMatchObject({ name: "Revenue", myRole: null, canManage: true });
  });

  it("refuses another domain's name in any case, but allows changing the case of its own", async () => {
    const { acme, people } = await domainsWorld();
    await expect(renameTeamDomain(people.owner.actor, { domainId: acme.ops, name: "sales" })).rejects.toMatchObject({
      code: "CONFLICT",
      details: { field: "name" },
    });
    const { domain } = await renameTeamDomain(people.owner.actor, { domainId: acme.ops, name: "OPS" });
    expect(domain.name).toBe("OPS");
  });

  it("records nothing when the name is unchanged", async () => {
    const { acme, people } = await domainsWorld();
    await renameTeamDomain(people.owner.actor, { domainId: acme.ops, name: "Ops" });
    expect(await auditOf(acme.id, "domain.renamed")).toEqual([]);
  });

  it("refuses Editors (403) and other organizations (404), changing nothing", async () => {
    const { acme, people } = await domainsWorld();
    await expect(renameTeamDomain(people.editor.actor, { domainId: acme.ops, name: "Mine" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Only the organization's Owners and Admins and this domain's Owners can manage this domain.",
    });
    await expect(
      renameTeamDomain(people.globexOwner.actor, { domainId: acme.ops, name: "Mine" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });
    await expect(
      renameTeamDomain(people.owner.actor, { domainId: crypto.randomUUID(), name: "Mine" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db().domain.findUniqueOrThrow({ where: { id: acme.ops } })).name).toBe("Ops");
  });
});
