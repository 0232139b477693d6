import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../../test/factories";
import { can } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { addDomainMember } from "./add-domain-member";
import { archiveTeamDomain } from "./archive-team-domain";
import { changeDomainMemberRole } from "./change-domain-member-role";
import { listDomainMembers } from "./list-domain-members";
import { removeDomainMember } from "./remove-domain-member";
import { auditOf, domainsWorld, person } from "./test-kit";

describe("a domain's members", () => {
  // Opening the database (a PGlite snapshot) is the slow part of a loaded machine: not any one test's time.
  beforeAll(() => db().$queryRaw`SELECT 1`);

  it("adds a member of the organization with a role that works at once, and records it", async () => {
    const { acme, people } = await domainsWorld();
    const { member: added } = await addDomainMember(people.orgAdmin.actor, {
      domainId: acme.ops,
      userId: people.member.actor.userId,
      role: "OPERATOR",
    });
    expect(added).toMatchObject({ userId: people.member.actor.userId, role: "OPERATOR", disabled: false });
    expect(await can(people.member.actor, "execute", acme.ops)).toBe(true);
    expect(await can(people.member.actor, "edit_automation", acme.ops)).toBe(false);
    const [entry] = await auditOf(acme.id, "domain.member_added");
    expect(entry).toMatchObject({
      actorUserId: people.orgAdmin.actor.userId,
      subjectType: "domain",
      subjectId: acme.ops,
      summary: `Gave Test User (${people.member.actor.email}) the Operator role in the domain "Ops"`,
      data: { userId: people.member.actor.userId, role: "OPERATOR" },
    });
  });

  it("changes a role and removes a member, each recorded; the permission follows at once", async () => {
    const { acme, people } = await domainsWorld();
    const viewer = people.viewer.actor;
    const { member } = await changeDomainMemberRole(people.opsOwner.actor, {
      domainId: acme.ops,
      userId: viewer.userId,
      role: "EDITOR",
    });
    expect(member.role).toBe("EDITOR");
    expect(await can(viewer, "edit_automation", acme.ops)).toBe(true);
    expect((await auditOf(acme.id, "domain.member_role_changed"))[0]).toMatchObject({
      summary: `Changed the role of Test User (${viewer.email}) in the domain "Ops" from Viewer to Editor`,
      data: { userId: viewer.userId, from: "VIEWER", to: "EDITOR" },
    });

    expect(await removeDomainMember(people.opsOwner.actor, { domainId: acme.ops, userId: viewer.userId })).toEqual({
      removed: { userId: viewer.userId },
    });
    expect(await can(viewer, "view", acme.ops)).toBe(false);
    expect((await auditOf(acme.id, "domain.member_removed"))[0]).toMatchObject({
      data: { userId: viewer.userId, role: "EDITOR" },
    });
  });

  it("keeps at least one Owner: the last one cannot be demoted or removed, even by an organization Owner", async () => {
    const { acme, people } = await domainsWorld();
    // Sales has one Owner: the organization Owner.
    const owner = people.owner.actor;
    await expect(
      changeDomainMemberRole(owner, { domainId: acme.sales, userId: owner.userId, role: "EDITOR" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      status: 409,
      message: `Test User (${owner.email}) is this domain's only Owner. Make someone else an Owner before changing their role.`,
      details: { field: "role", reason: "last_owner" },
    });
    await expect(
      removeDomainMember(people.orgAdmin.actor, { domainId: acme.sales, userId: owner.userId }),
    ).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "last_owner" } });
    expect(await db().domainMembership.count({ where: { domainId: acme.sales, role: "OWNER" } })).toBe(1);

    // With a second Owner, the first may step down.
    await addDomainMember(owner, { domainId: acme.sales, userId: people.member.actor.userId, role: "OWNER" });
    await changeDomainMemberRole(owner, { domainId: acme.sales, userId: owner.userId, role: "VIEWER" });
    expect(await can(owner, "edit_automation", acme.sales)).toBe(false);
  });

  it("refuses a person of another organization, or no one, with the uniform 404", async () => {
    const { acme, people } = await domainsWorld();
    const stranger = await createUser();
    for (const userId of [people.globexOwner.actor.userId, stranger.id, crypto.randomUUID()]) {
      await expect(
        addDomainMember(people.owner.actor, { domainId: acme.ops, userId, role: "VIEWER" }),
      ).rejects.toMatchObject({ code: "NOT_FOUND", status: 404, details: { field: "userId" } });
    }
    expect(await db().domainMembership.count({ where: { domainId: acme.ops } })).toBe(4);
    expect(await auditOf(acme.id, "domain.member_added")).toEqual([]);
  });

  it("refuses someone already in the domain, and a disabled member, on the person field", async () => {
    const { acme, people } = await domainsWorld();
    await expect(
      addDomainMember(people.owner.actor, { domainId: acme.ops, userId: people.editor.actor.userId, role: "VIEWER" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Test User (${people.editor.actor.email}) is already in this domain as Editor. Change their role in the list instead.`,
      details: { field: "userId" },
    });
    await db().organizationMembership.update({
      where: { organizationId_userId: { organizationId: acme.id, userId: people.member.actor.userId } },
      data: { disabledAt: new Date() },
    });
    await expect(
      addDomainMember(people.owner.actor, { domainId: acme.ops, userId: people.member.actor.userId, role: "VIEWER" }),
    ).rejects.toMatchObject({ code: "CONFLICT", details: { field: "userId", reason: "disabled" } });
  });

  it("is managed by the organization's Owners and Admins and the domain's Owners only", async () => {
    const { acme, people } = await domainsWorld();
    const target = { domainId: acme.ops, userId: people.member.actor.userId, role: "VIEWER" as const };
    for (const who of [people.editor, people.viewer, people.member]) {
      await expect(addDomainMember(who.actor, target)).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
      await expect(
        changeDomainMemberRole(who.actor, { ...target, userId: people.viewer.actor.userId, role: "OWNER" }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(
        removeDomainMember(who.actor, { domainId: acme.ops, userId: people.viewer.actor.userId }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(addDomainMember(people.globexOwner.actor, target)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await can(people.viewer.actor, "view", acme.ops)).toBe(true);
    expect(await can(people.member.actor, "view", acme.ops)).toBe(false);
  });

  it("answers 404 for changing or removing someone who is not in the domain", async () => {
    const { acme, people } = await domainsWorld();
    await expect(
      changeDomainMemberRole(people.owner.actor, {
        domainId: acme.ops,
        userId: people.member.actor.userId,
        role: "VIEWER",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", details: { field: "userId" } });
    await expect(
      removeDomainMember(people.owner.actor, { domainId: acme.ops, userId: people.globexOwner.actor.userId }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists members (disabled ones marked) to the domain's members without candidates, and to managers with them", async () => {
    const { acme, people } = await domainsWorld();
    const disabled = await person(acme.id, "MEMBER", [[acme.ops, "VIEWER"]]);
    await db().organizationMembership.update({
      where: { organizationId_userId: { organizationId: acme.id, userId: disabled.actor.userId } },
      data: { disabledAt: new Date() },
    });

    const asViewer = await listDomainMembers(people.viewer.actor, { domainId: acme.ops });
    expect(asViewer.domain).toMatchObject({ id: acme.ops, myRole: "VIEWER", canManage: false });
    expect(asViewer.members).toHaveLength(5);
    expect(asViewer.members.find((entry) => entry.userId === disabled.actor.userId)).toMatchObject({ disabled: true });
    expect(asViewer.members.find((entry) => entry.userId === people.editor.actor.userId)).toMatchObject({
      role: "EDITOR",
      disabled: false,
    });
    expect(asViewer.candidates).toEqual([]);

    const asAdmin = await listDomainMembers(people.orgAdmin.actor, { domainId: acme.ops });
    expect(asAdmin.domain.canManage).toBe(true);
    // Active organization members not in ops: the Admin and the plain Member (not the disabled one).
    expect(asAdmin.candidates.map((entry) => entry.userId).sort()).toEqual(
      [people.orgAdmin.actor.userId, people.member.actor.userId].sort(),
    );

    await expect(listDomainMembers(people.member.actor, { domainId: acme.ops })).rejects.toMatchObject({
      code: "FORBIDDEN",
      status: 403,
    });
    await expect(listDomainMembers(people.globexOwner.actor, { domainId: acme.ops })).rejects.toMatchObject({
      code: "NOT_FOUND",
      status: 404,
    });
  });

  it("keeps an archived domain's members read-only until it is restored", async () => {
    const { acme, people } = await domainsWorld();
    await archiveTeamDomain(people.owner.actor, { domainId: acme.ops });
    await expect(
      addDomainMember(people.owner.actor, { domainId: acme.ops, userId: people.member.actor.userId, role: "VIEWER" }),
    ).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "archived" } });
    await expect(
      removeDomainMember(people.owner.actor, { domainId: acme.ops, userId: people.viewer.actor.userId }),
    ).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "archived" } });
    const listed = await listDomainMembers(people.owner.actor, { domainId: acme.ops });
    expect(listed.members).toHaveLength(4);
    expect(listed.candidates).toEqual([]);
  });
});
