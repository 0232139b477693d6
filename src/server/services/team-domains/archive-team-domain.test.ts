import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { listMyDomains } from "@/server/services/tenancy/list-my-domains";
import { getPersonDomain, listPersonDomains } from "@/server/services/tenancy/person-domains";
import { archiveTeamDomain } from "./archive-team-domain";
import { createTeamDomain } from "./create-team-domain";
import { listTeamDomains } from "./list-team-domains";
import { renameTeamDomain } from "./rename-team-domain";
import { restoreTeamDomain } from "./restore-team-domain";
import { activeTrigger, auditOf, domainsWorld, uniqueName } from "./test-kit";

describe("archiveTeamDomain and restoreTeamDomain", () => {
  // Opening the database (a PGlite snapshot) is the slow part of a loaded machine: not any one test's time.
  beforeAll(() => db().$queryRaw`SELECT 1`);

  it("archives a domain: it leaves the console's and the partner's domain lists, and comes back when restored", async () => {
    const { acme, people } = await domainsWorld();
    const { domain } = await createTeamDomain(people.owner.actor, { name: uniqueName("Archive me") });
    const { domain: archived } = await archiveTeamDomain(people.owner.actor, { domainId: domain.id });
    expect(archived.archivedAt).toEqual(expect.any(String));

    const ids = async () => ({
      console: (await listMyDomains(people.owner.actor)).domains.map((entry) => entry.id),
      partner: (await listPersonDomains(people.owner.actor)).items.map((entry) => entry.id),
      settings: (await listTeamDomains(people.owner.actor)).domains.map((entry) => entry.id),
    });
    const whileArchived = await ids();
    expect(whileArchived.console).not.toContain(domain.id);
    expect(whileArchived.partner).not.toContain(domain.id);
    // /settings/domains still shows it (to restore it), and a read by id still answers.
    expect(whileArchived.settings).toContain(domain.id);
    await expect(getPersonDomain(people.owner.actor, { domainId: domain.id })).resolves.toMatchObject({
      id: domain.id,
    });
    expect(await db().domainMembership.count({ where: { domainId: domain.id } })).toBe(1);

    const { domain: restored } = await restoreTeamDomain(people.owner.actor, { domainId: domain.id });
    expect(restored.archivedAt).toBeNull();
    const afterRestore = await ids();
    expect(afterRestore.console).toContain(domain.id);
    expect(afterRestore.partner).toContain(domain.id);

    expect((await auditOf(acme.id, "domain.archived"))[0]).toMatchObject({
      actorUserId: people.owner.actor.userId,
      subjectId: domain.id,
      summary: `Archived the domain "${domain.name}"`,
    });
    expect((await auditOf(acme.id, "domain.restored"))[0]).toMatchObject({
      subjectId: domain.id,
      summary: `Restored the domain "${domain.name}"`,
    });
  });

  it("deactivates the domain's active triggers in the same change, and restoring leaves them off", async () => {
    const { acme, people } = await domainsWorld();
    const { domain } = await createTeamDomain(people.owner.actor, { name: uniqueName("Triggers") });
    const api = await activeTrigger(acme.id, domain.id, "API", "Inbound orders");
    const schedule = await activeTrigger(acme.id, domain.id, "SCHEDULE", "Nightly report");
    const elsewhere = await activeTrigger(acme.id, acme.ops, "API", "Ops trigger");

    const listed = (await listTeamDomains(people.owner.actor)).domains.find((entry) => entry.id === domain.id);
    expect(listed?.activeTriggerCount).toBe(2);

    const result = await archiveTeamDomain(people.owner.actor, { domainId: domain.id });
    expect(result.deactivatedTriggers).toEqual([
      { id: api.id, name: "Inbound orders" },
      { id: schedule.id, name: "Nightly report" },
    ]);
    const rows = await db().trigger.findMany({
      where: { id: { in: [api.id, schedule.id, elsewhere.id] } },
      select: { id: true, active: true, nextFireAt: true },
    });
    expect(rows.find((row) => row.id === api.id)).toMatchObject({ active: false });
    expect(rows.find((row) => row.id === schedule.id)).toMatchObject({ active: false, nextFireAt: null });
    expect(rows.find((row) => row.id === elsewhere.id)).toMatchObject({ active: true });
    expect((await auditOf(acme.id, "domain.archived"))[0]?.summary).toBe(
      `Archived the domain "${domain.name}" and deactivated 2 triggers`,
    );
    expect((await auditOf(acme.id, "trigger.deactivated")).map((entry) => entry.subjectId).sort()).toEqual(
      [api.id, schedule.id].sort(),
    );

    await restoreTeamDomain(people.owner.actor, { domainId: domain.id });
    expect(await db().trigger.count({ where: { domainId: domain.id, active: true } })).toBe(0);
  });

  it("refuses to archive the organization's last active domain", async () => {
    const { acme, people } = await domainsWorld();
    await archiveTeamDomain(people.owner.actor, { domainId: acme.sales });
    await expect(archiveTeamDomain(people.owner.actor, { domainId: acme.ops })).rejects.toMatchObject({
      code: "CONFLICT",
      status: 409,
      message: `"Ops" is the organization's only active domain. Create or restore another domain before archiving it.`,
    });
    expect((await db().domain.findUniqueOrThrow({ where: { id: acme.ops } })).archivedAt).toBeNull();
    expect(await auditOf(acme.id, "domain.archived")).toHaveLength(1);
  });

  it("lets the organization's Admins and the domain's Owners archive; others are refused, other organizations get 404", async () => {
    const { acme, globex, people } = await domainsWorld();
    for (const who of [people.editor, people.viewer, people.member]) {
      await expect(archiveTeamDomain(who.actor, { domainId: acme.ops })).rejects.toMatchObject({
        code: "FORBIDDEN",
        status: 403,
      });
    }
    await expect(archiveTeamDomain(people.globexOwner.actor, { domainId: acme.ops })).rejects.toMatchObject({
      code: "NOT_FOUND",
      status: 404,
    });
    await expect(archiveTeamDomain(people.owner.actor, { domainId: globex.main })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await auditOf(acme.id, "domain.archived")).toEqual([]);

    // An organization Member who owns ops may archive and restore it; an Admin with no role too.
    await archiveTeamDomain(people.opsOwner.actor, { domainId: acme.ops });
    await restoreTeamDomain(people.orgAdmin.actor, { domainId: acme.ops });
    expect((await db().domain.findUniqueOrThrow({ where: { id: acme.ops } })).archivedAt).toBeNull();
  });

  it("changes nothing when archiving twice or restoring an active domain", async () => {
    const { acme, people } = await domainsWorld();
    const first = await archiveTeamDomain(people.owner.actor, { domainId: acme.sales });
    const second = await archiveTeamDomain(people.owner.actor, { domainId: acme.sales });
    expect(second.domain.archivedAt).toBe(first.domain.archivedAt);
    await restoreTeamDomain(people.owner.actor, { domainId: acme.ops });
    expect(await auditOf(acme.id, "domain.archived")).toHaveLength(1);
    expect(await auditOf(acme.id, "domain.restored")).toEqual([]);
  });

  it("keeps an archived domain read-only: renaming it is refused until it is restored", async () => {
    const { acme, people } = await domainsWorld();
    await archiveTeamDomain(people.owner.actor, { domainId: acme.sales });
    await expect(renameTeamDomain(people.owner.actor, { domainId: acme.sales, name: "Revenue" })).rejects.toMatchObject(
      {
        code: "CONFLICT",
        message: 'The domain "Sales" is archived and read-only. Restore it first.',
      },
    );
  });

  it("shows organization Members the archived domains they own only", async () => {
    const { acme, people } = await domainsWorld();
    await archiveTeamDomain(people.owner.actor, { domainId: acme.ops });
    const names = async (who: typeof people.owner) =>
      (await listTeamDomains(who.actor)).domains.map((entry) => entry.name);
    expect(await names(people.opsOwner)).toEqual(["Ops"]);
    expect(await names(people.editor)).toEqual([]);
    expect(await names(people.orgAdmin)).toEqual(["Ops", "Sales"]);
  });
});
