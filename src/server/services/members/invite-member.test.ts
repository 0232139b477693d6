import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { person, type TPerson } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { createDomain, createOrganization, createUser } from "../../../../test/factories";
import { startSmtpSink, type TSmtpSink } from "../../../../test/smtp-sink";
import { hashSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { readInvitation } from "./read-invitation";

// Inviting someone by email: who may, what is refused, the link and the email.

let sink: TSmtpSink;
const savedSmtpUrl = env.SMTP_URL;
beforeAll(async () => {
  await createOrganization("Warm-up"); // opens the database here, with the hook's longer timeout
  sink = await startSmtpSink();
});
beforeEach(() => {
  env.SMTP_URL = sink.url;
});
afterAll(async () => {
  env.SMTP_URL = savedSmtpUrl;
  await sink.close();
});

const address = () => `new-${crypto.randomUUID().slice(0, 8)}@example.test`;
const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;

async function team() {
  const organization = await createOrganization("Acme Rockets");
  const ops = await createDomain(organization.id, "Ops");
  const [owner, admin, member] = await Promise.all([
    person(organization.id, "OWNER", []),
    person(organization.id, "ADMIN", []),
    person(organization.id, "MEMBER", []),
  ]);
  return { organization, ops, owner, admin, member };
}

/** The first problem of an input the contract refused, as "field: message" (the console shows it on that field). */
async function firstIssue(promise: Promise<unknown>): Promise<string> {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as { code?: string; cause?: { issues?: Array<{ path: PropertyKey[]; message: string }> } } | null;
  expect(error?.code).toBe("BAD_REQUEST");
  const issue = error!.cause!.issues![0]!;
  return `${issue.path.map(String).join(".")}: ${issue.message}`;
}

const invite = (who: TPerson, input: Record<string, unknown>) =>
  consoleAs(who).then((caller) => caller.members.invite(input as never));

describe("inviting a member", () => {
  it("an Admin invites with domain roles: the link is shown once, stored hashed, emailed, and it works", async () => {
    const { organization, ops, admin } = await team();
    const email = address();
    const result = await invite(admin, {
      email: `  ${email.toUpperCase()} `,
      orgRole: "MEMBER",
      domainRoles: [{ domainId: ops.id, role: "EDITOR" }],
    });
    expect(result.mail).toBe("sent");
    expect(result.invitation).toMatchObject({
      email,
      orgRole: "MEMBER",
      domains: [{ domainId: ops.id, domainName: "Ops", role: "EDITOR" }],
      invitedBy: { name: admin.actor.name, email: admin.actor.email },
    });
    const expiresIn = Date.parse(result.invitation.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect(result.link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);

    const token = tokenOf(result.link);
    const row = await db().invitation.findUniqueOrThrow({ where: { id: result.invitation.id } });
    expect(row.secretHash).toBe(hashSecret(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const mail = await sink.waitFor(email);
    expect(mail.subject).toBe(`${admin.actor.name} invited you to Acme Rockets`);
    expect(mail.text).toContain(
      `${admin.actor.name} (${admin.actor.email}) invited you to join Acme Rockets as Member.`,
    );
    expect(mail.text).toContain(result.link);
    const linkInMail = /https?:\/\/\S+/.exec(mail.text)![0];
    expect(await readInvitation(tokenOf(linkInMail))).toMatchObject({
      state: "valid",
      organizationName: "Acme Rockets",
      email,
      orgRole: "MEMBER",
      invitedByName: admin.actor.name,
      accountExists: false,
    });

    const listed = await (await consoleAs(admin)).members.list();
    expect(listed.invitations.map((invitation) => invitation.email)).toContain(email);
    const audit = await db().auditEntry.findFirstOrThrow({
      where: { organizationId: organization.id, kind: "member.invited" },
    });
    expect(audit).toMatchObject({ actorUserId: admin.actor.userId, subjectId: result.invitation.id });
    expect(audit.summary).toBe(`Invited ${email} as Member`);
    expect(JSON.stringify(audit.data)).not.toContain(token);
  });

  it("when the mail server refuses, the invitation stands and its link is still given", async () => {
    const { owner } = await team();
    sink.refuseNext(1);
    const result = await invite(owner, { email: address(), orgRole: "ADMIN" });
    expect(result.mail).toBe("failed");
    expect((await readInvitation(tokenOf(result.link))).state).toBe("valid");
  });

  it("without SMTP configured the link is the only way, and says so", async () => {
    const { owner } = await team();
    env.SMTP_URL = undefined;
    const result = await invite(owner, { email: address(), orgRole: "MEMBER" });
    expect(result.mail).toBe("off");
    expect((await readInvitation(tokenOf(result.link))).state).toBe("valid");
  });

  it("only an Owner may invite an Owner", async () => {
    const { owner, admin } = await team();
    expect(await refusalOf(invite(admin, { email: address(), orgRole: "OWNER" }))).toBe("FORBIDDEN 403");
    expect((await invite(owner, { email: address(), orgRole: "OWNER" })).invitation.orgRole).toBe("OWNER");
  });

  it("refuses a second open invitation to one address until the first is revoked", async () => {
    const { owner, admin } = await team();
    const email = address();
    const first = await invite(owner, { email, orgRole: "MEMBER" });
    const caller = await consoleAs(admin);
    const again = await caller.members.invite({ email: email.toUpperCase(), orgRole: "ADMIN" }).catch((e) => e);
    expect(again.cause).toMatchObject({
      code: "CONFLICT",
      details: { field: "email", invitationId: first.invitation.id },
    });
    expect(again.message).toContain(`${email} already has an open invitation`);
    await caller.members.revokeInvitation({ id: first.invitation.id });
    expect((await readInvitation(tokenOf(first.link))).state).toBe("revoked");
    expect((await caller.members.invite({ email, orgRole: "ADMIN" })).invitation.orgRole).toBe("ADMIN");
    const kinds = await db().auditEntry.findMany({
      where: { organizationId: owner.actor.orgId, kind: { startsWith: "member." } },
      select: { kind: true },
      orderBy: { createdAt: "asc" },
    });
    expect(kinds.map((entry) => entry.kind)).toEqual(["member.invited", "member.invitation_revoked", "member.invited"]);
  });

  it("an expired invitation no longer blocks a new one", async () => {
    const { owner } = await team();
    const email = address();
    const first = await invite(owner, { email, orgRole: "MEMBER" });
    await db().invitation.update({ where: { id: first.invitation.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await invite(owner, { email, orgRole: "MEMBER" })).invitation.id).not.toBe(first.invitation.id);
  });

  it("refuses a current member, enabled or disabled, on the email field", async () => {
    const { organization, owner, member } = await team();
    const refused = await invite(owner, { email: member.actor.email, orgRole: "ADMIN" }).catch((e) => e);
    expect(refused.cause).toMatchObject({ code: "CONFLICT", details: { field: "email" } });
    expect(refused.message).toBe(`${member.actor.email} is already a member of this organization.`);
    const disabled = await createUser();
    await db().organizationMembership.create({
      data: { organizationId: organization.id, userId: disabled.id, role: "MEMBER", disabledAt: new Date() },
    });
    expect(await refusalOf(invite(owner, { email: disabled.email, orgRole: "MEMBER" }))).toBe("CONFLICT 409");
  });

  it("refuses an invalid email, an unknown role and a domain twice on their fields", async () => {
    const { owner, ops } = await team();
    expect(await firstIssue(invite(owner, { email: "not an email", orgRole: "MEMBER" }))).toBe(
      "email: must be an email address like name@company.com",
    );
    expect(await firstIssue(invite(owner, { email: address(), orgRole: "KING" }))).toMatch(/^orgRole: /);
    const twice = [
      { domainId: ops.id, role: "EDITOR" },
      { domainId: ops.id, role: "VIEWER" },
    ];
    expect(await firstIssue(invite(owner, { email: address(), orgRole: "MEMBER", domainRoles: twice }))).toBe(
      "domainRoles: must name each domain once",
    );
  });

  it("refuses a domain of another organization or an archived one, and creates nothing", async () => {
    const { owner, ops } = await team();
    const elsewhere = await createDomain((await createOrganization("Other")).id, "Theirs");
    await db().domain.update({ where: { id: ops.id }, data: { archivedAt: new Date() } });
    for (const domainId of [elsewhere.id, ops.id]) {
      const email = address();
      const refused = await invite(owner, {
        email,
        orgRole: "MEMBER",
        domainRoles: [{ domainId, role: "VIEWER" }],
      }).catch((e) => e);
      expect(refused.cause).toMatchObject({ code: "VALIDATION", status: 400, details: { field: "domainRoles" } });
      expect(await db().invitation.count({ where: { email } })).toBe(0);
    }
  });

  it("a plain Member reads the list but may not invite or revoke", async () => {
    const { owner, member } = await team();
    const sent = await invite(owner, { email: address(), orgRole: "MEMBER" });
    const caller = await consoleAs(member);
    const listed = await caller.members.list();
    expect(listed.viewer).toEqual({ userId: member.actor.userId, orgRole: "MEMBER", canManage: false });
    expect(listed.domains).toEqual([]);
    expect(listed.invitations).toHaveLength(1);
    expect(await refusalOf(caller.members.invite({ email: address(), orgRole: "MEMBER" }))).toBe("FORBIDDEN 403");
    expect(await refusalOf(caller.members.revokeInvitation({ id: sent.invitation.id }))).toBe("FORBIDDEN 403");
  });

  it("another organization's invitation is not found", async () => {
    const { owner } = await team();
    const other = await team();
    const theirs = await invite(other.owner, { email: address(), orgRole: "MEMBER" });
    expect(await refusalOf((await consoleAs(owner)).members.revokeInvitation({ id: theirs.invitation.id }))).toBe(
      "NOT_FOUND 404",
    );
    expect((await readInvitation(tokenOf(theirs.link))).state).toBe("valid");
  });
});
