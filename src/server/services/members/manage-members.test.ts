import { beforeAll, describe, expect, it } from "vitest";
import { person, type TPerson } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { bearerHeaders, cookieHeaders, createDomain, createOrganization } from "../../../../test/factories";
import { authenticateBearer } from "@/server/auth/authenticate";
import { authenticateCookie } from "@/server/auth/session-cookie";
import { maySelectOrganization, signInWithPassword } from "@/server/auth/sign-in";
import { db } from "@/server/db/client";
import { getMe } from "@/server/services/tenancy/get-me";

// Changing roles, disabling, enabling and removing members; the last active Owner stays.

// Opening the database is the first test's cost otherwise (hooks have the longer timeout).
beforeAll(() => createOrganization("Warm-up"));

async function team() {
  const organization = await createOrganization("Acme Rockets");
  const ops = await createDomain(organization.id, "Ops");
  const [owner, admin, member] = await Promise.all([
    person(organization.id, "OWNER", []),
    person(organization.id, "ADMIN", [[ops.id, "EDITOR"]]),
    person(organization.id, "MEMBER", [[ops.id, "VIEWER"]]),
  ]);
  return { organization, ops, owner, admin, member };
}

const as = (who: TPerson) => consoleAs(who).then((caller) => caller.members);

async function refusedWith(promise: Promise<unknown>): Promise<{ code: string; status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: { message: string; cause?: { code: string; status: number } }) => caught,
  );
  expect(error?.cause).toBeDefined();
  return { code: error!.cause!.code, status: error!.cause!.status, message: error!.message };
}

// The membership's own entries (creating the test's keys is audited too).
const kinds = async (orgId: string) =>
  (
    await db().auditEntry.findMany({
      where: { organizationId: orgId, kind: { startsWith: "member." } },
      orderBy: { createdAt: "asc" },
      select: { kind: true },
    })
  ).map((entry) => entry.kind);

/** What each of the person's credentials gets in the organization right now. */
async function access(who: TPerson) {
  const cookie = await authenticateCookie(await cookieHeaders(who.actor.userId, who.actor.orgId));
  const key = await authenticateBearer(bearerHeaders(who.key), ["api_key"]);
  const token = await authenticateBearer(bearerHeaders(who.token), ["api_key", "user_token"]);
  return { cookie: cookie?.actor !== null && cookie !== null, key: key !== null, token: token !== null };
}

describe("the members list", () => {
  it("shows every member with role, domains, status and last active (sign-in or key use in this org)", async () => {
    const { ops, owner, admin, member } = await team();
    const signedIn = new Date("2026-11-01T10:00:00Z");
    const keyUsed = new Date("2026-11-20T10:00:00Z");
    await db().user.update({ where: { id: admin.actor.userId }, data: { lastSignInAt: signedIn } });
    await db().apiKey.updateMany({ where: { userId: admin.actor.userId }, data: { lastUsedAt: keyUsed } });
    await db().user.update({ where: { id: member.actor.userId }, data: { lastSignInAt: signedIn } });
    // A key of another organization says nothing about activity here.
    const elsewhere = await createOrganization("Elsewhere");
    await db().apiKey.create({
      data: {
        userId: member.actor.userId,
        organizationId: elsewhere.id,
        name: "other",
        prefix: `yk_${crypto.randomUUID().slice(0, 8)}`,
        secretHash: "x",
        lastUsedAt: keyUsed,
      },
    });
    const listed = await (await as(member)).list();
    expect(listed.members.map((row) => [row.userId, row.orgRole, row.status])).toEqual([
      [owner.actor.userId, "OWNER", "active"],
      [admin.actor.userId, "ADMIN", "active"],
      [member.actor.userId, "MEMBER", "active"],
    ]);
    const byId = new Map(listed.members.map((row) => [row.userId, row]));
    expect(byId.get(admin.actor.userId)).toMatchObject({
      email: admin.actor.email,
      domains: [{ domainId: ops.id, domainName: "Ops", role: "EDITOR" }],
      lastActiveAt: keyUsed.toISOString(),
    });
    expect(byId.get(member.actor.userId)!.lastActiveAt).toBe(signedIn.toISOString());
    expect(byId.get(owner.actor.userId)!.lastActiveAt).toBeNull();
  });
});

describe("changing a member's role", () => {
  it("an Admin makes a Member an Admin; the change is audited; choosing the same role changes nothing", async () => {
    const { organization, admin, member } = await team();
    const members = await as(admin);
    const { member: changed } = await members.changeRole({ userId: member.actor.userId, orgRole: "ADMIN" });
    expect(changed).toMatchObject({ userId: member.actor.userId, orgRole: "ADMIN" });
    await members.changeRole({ userId: member.actor.userId, orgRole: "ADMIN" });
    // Only the membership's own entries (creating the test's keys is audited too).
    const entries = await db().auditEntry.findMany({
      where: { organizationId: organization.id, kind: { startsWith: "member." } },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "member.role_changed",
      actorUserId: admin.actor.userId,
      data: { from: "MEMBER", to: "ADMIN" },
    });
    expect(entries[0]!.summary).toBe(
      `Changed the role of ${member.actor.name} <${member.actor.email}> from Member to Admin`,
    );
  });

  it("only an Owner changes an Owner or makes one", async () => {
    const { owner, admin, member } = await team();
    const byAdmin = await as(admin);
    expect(await refusalOf(byAdmin.changeRole({ userId: member.actor.userId, orgRole: "OWNER" }))).toBe(
      "FORBIDDEN 403",
    );
    expect(await refusalOf(byAdmin.changeRole({ userId: admin.actor.userId, orgRole: "OWNER" }))).toBe("FORBIDDEN 403");
    expect(await refusalOf(byAdmin.changeRole({ userId: owner.actor.userId, orgRole: "MEMBER" }))).toBe(
      "FORBIDDEN 403",
    );
    expect(await refusalOf(byAdmin.disable({ userId: owner.actor.userId }))).toBe("FORBIDDEN 403");
    expect(await refusalOf(byAdmin.remove({ userId: owner.actor.userId }))).toBe("FORBIDDEN 403");
    expect((await (await as(owner)).changeRole({ userId: member.actor.userId, orgRole: "OWNER" })).member.orgRole).toBe(
      "OWNER",
    );
  });

  it("the last active Owner cannot be demoted, disabled or removed, not even by themselves", async () => {
    const { organization, owner, member } = await team();
    const members = await as(owner);
    for (const attempt of [
      () => members.changeRole({ userId: owner.actor.userId, orgRole: "ADMIN" }),
      () => members.remove({ userId: owner.actor.userId }),
    ]) {
      const refused = await refusedWith(attempt());
      expect(refused).toMatchObject({ code: "CONFLICT", status: 409 });
      expect(refused.message).toMatch(
        /^You are the only active Owner of this organization: make another member an Owner before you (demote|remove) yourself\.$/,
      );
    }
    // A second Owner who is disabled does not count.
    await members.changeRole({ userId: member.actor.userId, orgRole: "OWNER" });
    await members.disable({ userId: member.actor.userId });
    expect(await refusalOf(members.changeRole({ userId: owner.actor.userId, orgRole: "MEMBER" }))).toBe("CONFLICT 409");
    // Once the other Owner demotes the first, the first (an Admin now) may not touch the last Owner,
    // and the last Owner may not step down.
    await members.enable({ userId: member.actor.userId });
    const second = await as(member);
    await second.changeRole({ userId: owner.actor.userId, orgRole: "ADMIN" });
    expect(await refusalOf(members.disable({ userId: member.actor.userId }))).toBe("FORBIDDEN 403");
    const last = await refusedWith(second.changeRole({ userId: member.actor.userId, orgRole: "ADMIN" }));
    expect(last.code).toBe("CONFLICT");
    expect(
      await db().organizationMembership.count({
        where: { organizationId: organization.id, role: "OWNER", disabledAt: null },
      }),
    ).toBe(1);
  });

  it("two Owners demoting each other at once leave one Owner", async () => {
    const { organization, owner, member } = await team();
    await (await as(owner)).changeRole({ userId: member.actor.userId, orgRole: "OWNER" });
    const second = { ...member, actor: { ...member.actor, orgRole: "OWNER" as const } };
    await Promise.allSettled([
      (await as(owner)).changeRole({ userId: member.actor.userId, orgRole: "MEMBER" }),
      (await as(second)).changeRole({ userId: owner.actor.userId, orgRole: "MEMBER" }),
    ]);
    expect(await db().organizationMembership.count({ where: { organizationId: organization.id, role: "OWNER" } })).toBe(
      1,
    );
  });
});

describe("disabling and enabling a member", () => {
  it("refuses their cookie, yk_ key and yku_ token in this organization at once; enabling restores them", async () => {
    const { organization, admin, member } = await team();
    expect(await access(member)).toEqual({ cookie: true, key: true, token: true });
    const members = await as(admin);
    expect((await members.disable({ userId: member.actor.userId })).member.status).toBe("disabled");
    expect(await access(member)).toEqual({ cookie: false, key: false, token: false });
    expect(await refusalOf((await as(member)).list())).toBe("UNAUTHORIZED 401");
    // Never offered as an organization to choose, nor chosen at sign-in.
    expect((await getMe({ userId: member.actor.userId, orgId: null })).organizations).toEqual([]);
    expect(await maySelectOrganization(member.actor.userId, organization.id)).toBe(false);
    // Their domain memberships stay, so enabling restores everything as it was.
    expect(await db().domainMembership.count({ where: { userId: member.actor.userId } })).toBe(1);

    expect((await members.enable({ userId: member.actor.userId })).member.status).toBe("active");
    expect(await access(member)).toEqual({ cookie: true, key: true, token: true });
    expect((await getMe({ userId: member.actor.userId, orgId: null })).organizations.map((org) => org.id)).toEqual([
      organization.id,
    ]);
    expect(await kinds(organization.id)).toEqual(["member.disabled", "member.enabled"]);
  });

  it("disables only in this organization", async () => {
    const { admin, member } = await team();
    const elsewhere = await createOrganization("Elsewhere");
    const there = await person(elsewhere.id, "MEMBER", []);
    await db().organizationMembership.create({
      data: { organizationId: elsewhere.id, userId: member.actor.userId, role: "MEMBER" },
    });
    await (await as(admin)).disable({ userId: member.actor.userId });
    expect(await maySelectOrganization(member.actor.userId, elsewhere.id)).toBe(true);
    expect(await access(there)).toEqual({ cookie: true, key: true, token: true });
  });

  it("nobody disables themselves; disabling twice keeps the first time", async () => {
    const { admin, member } = await team();
    const members = await as(admin);
    const refused = await refusedWith(members.disable({ userId: admin.actor.userId }));
    expect(refused).toMatchObject({
      code: "CONFLICT",
      message: "You cannot disable yourself: ask another Owner or Admin to do it.",
    });
    await members.disable({ userId: member.actor.userId });
    const first = await db().organizationMembership.findFirstOrThrow({ where: { userId: member.actor.userId } });
    await members.disable({ userId: member.actor.userId });
    const second = await db().organizationMembership.findFirstOrThrow({ where: { userId: member.actor.userId } });
    expect(second.disabledAt).toEqual(first.disabledAt);
  });

  it("sign-in skips a disabled membership: the only other organization is selected", async () => {
    const password = "correct horse battery staple";
    const { admin, member } = await team();
    const elsewhere = await createOrganization("Elsewhere");
    await db().organizationMembership.create({
      data: { organizationId: elsewhere.id, userId: member.actor.userId, role: "MEMBER" },
    });
    expect((await signInWithPassword(member.actor.email, password))?.defaultOrgId).toBeNull();
    await (await as(admin)).disable({ userId: member.actor.userId });
    expect((await signInWithPassword(member.actor.email, password))?.defaultOrgId).toBe(elsewhere.id);
  });
});

describe("removing a member", () => {
  it("deletes the membership and their domain memberships here, revokes their keys here, and is audited", async () => {
    const { organization, admin, member } = await team();
    const elsewhere = await createOrganization("Elsewhere");
    const otherDomain = await createDomain(elsewhere.id, "Theirs");
    await db().organizationMembership.create({
      data: { organizationId: elsewhere.id, userId: member.actor.userId, role: "MEMBER" },
    });
    await db().domainMembership.create({
      data: { domainId: otherDomain.id, userId: member.actor.userId, role: "VIEWER" },
    });

    expect(await (await as(admin)).remove({ userId: member.actor.userId })).toEqual({
      userId: member.actor.userId,
      revokedKeys: 1,
    });
    expect(await access(member)).toEqual({ cookie: false, key: false, token: false });
    const key = await db().apiKey.findFirstOrThrow({
      where: { userId: member.actor.userId, organizationId: organization.id },
    });
    expect(key.revokedAt).toBeInstanceOf(Date);
    const remaining = await db().domainMembership.findMany({ where: { userId: member.actor.userId } });
    expect(remaining.map((row) => row.domainId)).toEqual([otherDomain.id]);
    expect(await maySelectOrganization(member.actor.userId, elsewhere.id)).toBe(true);
    const listed = await (await as(admin)).list();
    expect(listed.members.map((row) => row.userId)).not.toContain(member.actor.userId);
    const entry = await db().auditEntry.findFirstOrThrow({
      where: { organizationId: organization.id, kind: "member.removed" },
    });
    expect(entry.summary).toBe(`Removed ${member.actor.name} <${member.actor.email}>`);
    expect(entry.data).toMatchObject({ revokedKeys: 1, domainMemberships: 1 });
    // The removed person may be invited again.
    expect((await (await as(admin)).invite({ email: member.actor.email, orgRole: "MEMBER" })).invitation.email).toBe(
      member.actor.email,
    );
  });

  it("an Admin may leave by removing themselves", async () => {
    const { organization, admin } = await team();
    await (await as(admin)).remove({ userId: admin.actor.userId });
    expect(await maySelectOrganization(admin.actor.userId, organization.id)).toBe(false);
  });
});

describe("who may manage", () => {
  it("a plain Member sees the list but every change is refused with 403", async () => {
    const { owner, admin, member } = await team();
    const members = await as(member);
    expect((await members.list()).viewer.canManage).toBe(false);
    for (const attempt of [
      () => members.changeRole({ userId: admin.actor.userId, orgRole: "MEMBER" }),
      () => members.disable({ userId: admin.actor.userId }),
      () => members.enable({ userId: admin.actor.userId }),
      () => members.remove({ userId: owner.actor.userId }),
      () => members.remove({ userId: member.actor.userId }),
    ]) {
      expect(await refusalOf(attempt())).toBe("FORBIDDEN 403");
    }
    expect(await kinds(owner.actor.orgId)).toEqual([]);
  });

  it("someone of another organization, or no one, is not found", async () => {
    const { admin } = await team();
    const other = await team();
    const members = await as(admin);
    for (const userId of [other.member.actor.userId, crypto.randomUUID()]) {
      expect(await refusalOf(members.changeRole({ userId, orgRole: "ADMIN" }))).toBe("NOT_FOUND 404");
      expect(await refusalOf(members.disable({ userId }))).toBe("NOT_FOUND 404");
      expect(await refusalOf(members.enable({ userId }))).toBe("NOT_FOUND 404");
      expect(await refusalOf(members.remove({ userId }))).toBe("NOT_FOUND 404");
    }
    expect(await access(other.member)).toEqual({ cookie: true, key: true, token: true });
  });
});
