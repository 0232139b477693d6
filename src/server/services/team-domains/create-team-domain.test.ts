import { beforeAll, describe, expect, it } from "vitest";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { listMyDomains } from "@/server/services/tenancy/list-my-domains";
import { createTeamDomain } from "./create-team-domain";
import { archiveTeamDomain } from "./archive-team-domain";
import { renameTeamDomain } from "./rename-team-domain";
import { auditOf, domainsWorld, uniqueName } from "./test-kit";

describe("createTeamDomain", () => {
  // Opening the database (a PGlite snapshot) is the slow part of a loaded machine: not any one test's time.
  beforeAll(() => db().$queryRaw`SELECT 1`);

  it("creates a domain whose creator is its Owner, lists it, and records who did it", async () => {
    const { acme, people } = await domainsWorld();
    const { domain } = await createTeamDomain(people.orgAdmin.actor, { name: "Customer care" });
    expect(domain).toMatchObject({
      name: "Customer care",
      slug: "customer-care",
      archivedAt: null,
      memberCount: 1,
      activeTriggerCount: 0,
      myRole: "OWNER",
      canManage: true,
    });
    // The creator can author in it at once: Owner is a real domain role.
    await expect(assertCan(people.orgAdmin.actor, "edit_automation", domain.id)).resolves.toBeUndefined();
    const listed = await listMyDomains(people.member.actor);
    expect(listed.domains.map((entry) => entry.name)).toContain("Customer care");
    const [entry] = await auditOf(acme.id, "domain.created");
    expect(entry).toMatchObject({
      actorUserId: people.orgAdmin.actor.userId,
      subjectType: "domain",
      subjectId: domain.id,
      summary: 'Created the domain "Customer care"',
      data: { name: "Customer care", slug: "customer-care" },
    });
  });

  it("is for the organization's Owners and Admins only: a domain Owner who is an organization Member is refused", async () => {
    const { acme, people } = await domainsWorld();
    for (const who of [people.opsOwner, people.member]) {
      await expect(createTeamDomain(who.actor, { name: uniqueName() })).rejects.toMatchObject({
        code: "FORBIDDEN",
        status: 403,
        message: "Only the organization's Owners and Admins can create domains.",
      });
    }
    expect(await db().domain.count({ where: { organizationId: acme.id } })).toBe(2);
    expect(await auditOf(acme.id, "domain.created")).toEqual([]);
  });

  it("refuses a name the organization already has, whatever its case, naming the field", async () => {
    const { acme, people } = await domainsWorld();
    await expect(createTeamDomain(people.owner.actor, { name: "SALES" })).rejects.toMatchObject({
      code: "CONFLICT",
      status: 409,
      message: 'A domain named "Sales" already exists in this organization. Choose another name.',
      details: { field: "name" },
    });
    expect(await db().domain.count({ where: { organizationId: acme.id } })).toBe(2);
  });

  it("refuses the name of an archived domain, pointing at restoring it", async () => {
    const { people } = await domainsWorld();
    const name = uniqueName("Old");
    const { domain } = await createTeamDomain(people.owner.actor, { name });
    await archiveTeamDomain(people.owner.actor, { domainId: domain.id });
    await expect(createTeamDomain(people.owner.actor, { name: name.toLowerCase() })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `An archived domain is already named "${name}". Restore it, or choose another name.`,
      details: { field: "name" },
    });
  });

  it("allows the same name in another organization", async () => {
    const { people } = await domainsWorld();
    const { domain } = await createTeamDomain(people.globexOwner.actor, { name: "Ops" });
    expect(domain).toMatchObject({ name: "Ops", myRole: "OWNER" });
  });

  it("derives a slug unique in the organization, and keeps it when the domain is renamed", async () => {
    const { people } = await domainsWorld();
    const first = await createTeamDomain(people.owner.actor, { name: "Billing & Payments" });
    expect(first.domain.slug).toBe("billing-payments");
    const renamed = await renameTeamDomain(people.owner.actor, { domainId: first.domain.id, name: "Accounts" });
    expect(renamed.domain).toMatchObject({ name: "Accounts", slug: "billing-payments" });
    // Another name with the same letters gets the next free slug; a name without any, "domain".
    const second = await createTeamDomain(people.owner.actor, { name: "Billing payments" });
    expect(second.domain.slug).toBe("billing-payments-2");
    const third = await createTeamDomain(people.owner.actor, { name: "Équipe" });
    expect(third.domain.slug).toBe("equipe");
    const fourth = await createTeamDomain(people.owner.actor, { name: "営業" });
    expect(fourth.domain.slug).toBe("domain");
  });

  it("creates one domain when two people create the same name at once", async () => {
    const { acme, people } = await domainsWorld();
    const results = await Promise.allSettled([
      createTeamDomain(people.owner.actor, { name: "Race" }),
      createTeamDomain(people.orgAdmin.actor, { name: "race" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({
      reason: { code: "CONFLICT" },
    });
    expect(await db().domain.count({ where: { organizationId: acme.id, slug: { startsWith: "race" } } })).toBe(1);
  });
});
