import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { TPerson } from "../../../../test/agents-kit";
import { consoleAs } from "../../../../test/console-kit";
import { addOrgMember, cookieHeaders, createOrganization, createUser } from "../../../../test/factories";
import { startSmtpSink, type TSmtpSink } from "../../../../test/smtp-sink";
import type { OrgRole } from "@/server/db/generated/enums";
import type { TUserActor } from "@/server/auth/actor";
import { authenticateCookie } from "@/server/auth/session-cookie";
import { signInWithPassword } from "@/server/auth/sign-in";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { findAppError, validationError } from "@/server/errors";
import { completePasswordReset } from "./complete-reset";
import { readPasswordReset } from "./read-reset";

const OLD = "the member's old password";
const NEW = "the member's new password";
const savedSmtp = env.SMTP_URL;
let sink: TSmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterEach(() => {
  env.SMTP_URL = savedSmtp;
});
afterAll(async () => {
  await sink.close();
});

async function refusalOf(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  const cause = (error as { cause?: unknown } | null)?.cause;
  const appError = findAppError(error) ?? (cause instanceof ZodError ? validationError(cause.issues) : null);
  return appError ? `${appError.code} ${appError.status} ${appError.message}` : "OK";
}

async function memberOf(organizationId: string, orgRole: OrgRole) {
  const user = await createUser({ password: OLD });
  await addOrgMember(organizationId, user.id, orgRole);
  const actor: TUserActor = {
    kind: "user",
    userId: user.id,
    email: user.email,
    name: user.name,
    orgId: organizationId,
    orgRole,
    via: "cookie",
    credentialId: null,
  };
  return { user, actor, console: await consoleAs({ actor } as TPerson) };
}

const tokenOf = (link: string) => link.split("/reset-password/")[1]!;
const linkInMail = (text: string) => /https?:\/\/\S+/.exec(text)![0];

describe("an admin sends a member a reset link", () => {
  it("emails it when SMTP is configured; the link sets a new password once and signs out every session", async () => {
    env.SMTP_URL = sink.url;
    const organization = await createOrganization();
    const admin = await memberOf(organization.id, "ADMIN");
    const member = await memberOf(organization.id, "MEMBER");
    const before = await cookieHeaders(member.user.id, organization.id);

    const sent = await admin.console.passwords.sendReset({ userId: member.user.id });
    expect(sent.emailed).toBe(true);
    expect(sent.link).toBeNull();
    const minutes = (Date.parse(sent.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const mail = await sink.waitFor(member.user.email);
    expect(mail.subject).toBe("Reset your password");
    const link = linkInMail(mail.text);
    expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(admin.user.name);
    const token = tokenOf(link);

    // Hashed at rest: no column of the table holds the token.
    const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM password_resets`);
    expect(JSON.stringify(rows)).not.toContain(token);

    expect(await readPasswordReset(token)).toEqual({ state: "valid", email: member.user.email });
    expect(await completePasswordReset({ token, password: NEW })).toEqual({ email: member.user.email });
    expect(await signInWithPassword(member.user.email, OLD)).toBeNull();
    expect((await signInWithPassword(member.user.email, NEW))?.id).toBe(member.user.id);
    expect(await authenticateCookie(before)).toBeNull();

    // Once only.
    expect(await readPasswordReset(token)).toEqual({ state: "used", email: null });
    expect(await refusalOf(completePasswordReset({ token, password: "yet another password" }))).toBe(
      "CONFLICT 409 This reset link was already used. Sign in with the password chosen then, or ask for a new link.",
    );
    expect((await signInWithPassword(member.user.email, NEW))?.id).toBe(member.user.id);
  }, 90_000); // the file's first scrypt hashes, database and SMTP connection: slow on a busy machine

  it("answers the link once to copy when SMTP is not configured", async () => {
    env.SMTP_URL = undefined;
    const organization = await createOrganization();
    const owner = await memberOf(organization.id, "OWNER");
    const member = await memberOf(organization.id, "ADMIN");
    const sent = await owner.console.passwords.sendReset({ userId: member.user.id });
    expect(sent.emailed).toBe(false);
    expect(sent.link).toMatch(/^http:\/\/.+\/reset-password\/[A-Za-z0-9_-]{43}$/);
    await completePasswordReset({ token: tokenOf(sent.link!), password: NEW });
    expect((await signInWithPassword(member.user.email, NEW))?.id).toBe(member.user.id);
  });

  it("answers the link to copy when the mail server refuses the message", async () => {
    env.SMTP_URL = sink.url;
    sink.refuseNext(1);
    const organization = await createOrganization();
    const owner = await memberOf(organization.id, "OWNER");
    const member = await memberOf(organization.id, "MEMBER");
    const sent = await owner.console.passwords.sendReset({ userId: member.user.id });
    expect(sent.emailed).toBe(false);
    expect((await readPasswordReset(tokenOf(sent.link!))).state).toBe("valid");
  });

  it("ends the member's earlier unused links: only the newest works", async () => {
    env.SMTP_URL = undefined;
    const organization = await createOrganization();
    const owner = await memberOf(organization.id, "OWNER");
    const member = await memberOf(organization.id, "MEMBER");
    const first = await owner.console.passwords.sendReset({ userId: member.user.id });
    const second = await owner.console.passwords.sendReset({ userId: member.user.id });
    expect(await readPasswordReset(tokenOf(first.link!))).toEqual({ state: "expired", email: null });
    expect(await refusalOf(completePasswordReset({ token: tokenOf(first.link!), password: NEW }))).toBe(
      "CONFLICT 409 This reset link has expired or was replaced by a newer one. Ask for a new link.",
    );
    expect((await readPasswordReset(tokenOf(second.link!))).state).toBe("valid");
  });

  it("is refused to a Member, and an Admin cannot reset an Owner's password", async () => {
    const organization = await createOrganization();
    const owner = await memberOf(organization.id, "OWNER");
    const admin = await memberOf(organization.id, "ADMIN");
    const member = await memberOf(organization.id, "MEMBER");
    expect(await refusalOf(member.console.passwords.sendReset({ userId: admin.user.id }))).toBe(
      "FORBIDDEN 403 Only an Owner or Admin of the organization can send password reset links.",
    );
    expect(await refusalOf(admin.console.passwords.sendReset({ userId: owner.user.id }))).toBe(
      "FORBIDDEN 403 Only an Owner can reset an Owner's password.",
    );
    expect(await db().passwordReset.count({ where: { userId: { in: [owner.user.id, admin.user.id] } } })).toBe(0);
  });

  it("is the uniform 404 for a person of another organization, or nobody", async () => {
    env.SMTP_URL = undefined;
    const organization = await createOrganization();
    const owner = await memberOf(organization.id, "OWNER");
    const stranger = await memberOf((await createOrganization("Other")).id, "MEMBER");
    const unknown = await refusalOf(owner.console.passwords.sendReset({ userId: crypto.randomUUID() }));
    expect(unknown).toMatch(/^NOT_FOUND 404 /);
    expect(await refusalOf(owner.console.passwords.sendReset({ userId: stranger.user.id }))).toBe(unknown);
    expect(await db().passwordReset.count({ where: { userId: stranger.user.id } })).toBe(0);
    expect(await refusalOf(owner.console.passwords.sendReset({ userId: "not-a-uuid" }))).toBe(
      "VALIDATION 400 Invalid request: userId: Choose a member of this organization.",
    );
  });

  it("is recorded in the admin's organization, without the link", async () => {
    env.SMTP_URL = undefined;
    const organization = await createOrganization();
    const owner = await memberOf(organization.id, "OWNER");
    const member = await memberOf(organization.id, "MEMBER");
    const sent = await owner.console.passwords.sendReset({ userId: member.user.id });
    const entries = await db().auditEntry.findMany({ where: { organizationId: organization.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "member.password_reset_sent",
      actorUserId: owner.user.id,
      subjectId: member.user.id,
      summary: `Sent ${member.user.email} a password reset link to pass on`,
    });
    expect(JSON.stringify(entries)).not.toContain(tokenOf(sent.link!));
  });
});

describe("a reset link", () => {
  it("that expired, or is unknown, is refused and changes nothing", async () => {
    env.SMTP_URL = undefined;
    const organization = await createOrganization();
    const owner = await memberOf(organization.id, "OWNER");
    const member = await memberOf(organization.id, "MEMBER");
    const sent = await owner.console.passwords.sendReset({ userId: member.user.id });
    const token = tokenOf(sent.link!);
    const later = new Date(Date.now() + 61 * 60_000);
    expect(await readPasswordReset(token, later)).toEqual({ state: "expired", email: null });
    expect(await refusalOf(completePasswordReset({ token, password: NEW }, later))).toBe(
      "CONFLICT 409 This reset link has expired or was replaced by a newer one. Ask for a new link.",
    );
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await readPasswordReset(forged)).toEqual({ state: "unknown", email: null });
    expect(await refusalOf(completePasswordReset({ token: forged, password: NEW }))).toBe(
      "NOT_FOUND 404 This reset link is not valid. Check that you opened the whole link, or ask for a new one.",
    );
    expect((await readPasswordReset("short")).state).toBe("unknown");
    expect((await signInWithPassword(member.user.email, OLD))?.id).toBe(member.user.id);
  });

  it("records the change in every organization of the person", async () => {
    env.SMTP_URL = undefined;
    const organization = await createOrganization();
    const owner = await memberOf(organization.id, "OWNER");
    const member = await memberOf(organization.id, "MEMBER");
    const other = await createOrganization("Other");
    await addOrgMember(other.id, member.user.id, "MEMBER");
    const sent = await owner.console.passwords.sendReset({ userId: member.user.id });
    await completePasswordReset({ token: tokenOf(sent.link!), password: NEW });
    const changed = await db().auditEntry.findMany({
      where: { subjectId: member.user.id, kind: "member.password_changed" },
    });
    expect(changed.map((entry) => entry.organizationId).sort()).toEqual([organization.id, other.id].sort());
  });
});
