import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { person, type TPerson } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { addOrgMember, createDomain, createOrganization, createUser } from "../../../../test/factories";
import { startSmtpSink, type TSmtpSink } from "../../../../test/smtp-sink";
import { signInWithPassword } from "@/server/auth/sign-in";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import { appRouter } from "@/server/routers/root";
import { createContext } from "@/server/trpc/context";
import { acceptInvitation } from "./accept-invitation";
import { readInvitation } from "./read-invitation";

// Accepting an invitation: a new person, an existing account, one click when signed in; links
// that no longer work.

let sink: TSmtpSink;
const savedSmtpUrl = env.SMTP_URL;
beforeAll(async () => {
  await createOrganization("Warm-up"); // opens the database here, with the hook's longer timeout
  sink = await startSmtpSink();
  env.SMTP_URL = sink.url;
});
afterAll(async () => {
  env.SMTP_URL = savedSmtpUrl;
  await sink.close();
});

const PASSWORD = "a long and secret password";
const client = { forwardedFor: "203.0.113.7" };
const address = () => `joiner-${crypto.randomUUID().slice(0, 8)}@example.test`;
const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;

async function team() {
  const organization = await createOrganization("Acme Rockets");
  const ops = await createDomain(organization.id, "Ops");
  const owner = await person(organization.id, "OWNER", []);
  return { organization, ops, owner };
}

async function invited(owner: TPerson, input: Record<string, unknown>) {
  const result = await (await consoleAs(owner)).members.invite(input as never);
  return { ...result, token: tokenOf(result.link) };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The console's procedures for a signed-in person with no organization selected. */
async function signedInCaller(userId: string) {
  const cookie = await mintSessionCookie({ sub: userId, orgId: null });
  const req = new Request("http://127.0.0.1/api/trpc", {
    headers: { cookie: `service_session=${encodeURIComponent(cookie)}` },
  });
  return appRouter.createCaller(createContext(req, "console"));
}

describe("a new person accepts", () => {
  it("from the emailed link: names themselves, chooses a password, joins with the roles, and signs in there", async () => {
    const { organization, ops, owner } = await team();
    const email = address();
    await invited(owner, { email, orgRole: "ADMIN", domainRoles: [{ domainId: ops.id, role: "OPERATOR" }] });
    const token = tokenOf(/https?:\/\/\S+/.exec((await sink.waitFor(email)).text)![0]);
    const anonymous = appRouter.createCaller(createContext(new Request("http://127.0.0.1/api/trpc"), "console"));
    const accepted = anonymous.members.acceptInvitation({
      account: "new",
      token,
      name: " Ada Lovelace ",
      password: PASSWORD,
    });
    expect(await accepted).toEqual({
      orgId: organization.id,
      organizationName: "Acme Rockets",
      email,
    });
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(user.name).toBe("Ada Lovelace");
    expect(user.passwordHash).not.toContain(PASSWORD);
    expect(await signInWithPassword(email, PASSWORD)).toMatchObject({ id: user.id, defaultOrgId: organization.id });

    const listed = await (await consoleAs(owner)).members.list();
    expect(listed.invitations).toEqual([]);
    expect(listed.members.find((member) => member.email === email)).toMatchObject({
      name: "Ada Lovelace",
      orgRole: "ADMIN",
      status: "active",
      domains: [{ domainId: ops.id, domainName: "Ops", role: "OPERATOR" }],
    });
    const joined = await db().auditEntry.findFirstOrThrow({
      where: { organizationId: organization.id, kind: "member.joined" },
    });
    expect(joined).toMatchObject({ actorUserId: user.id, subjectId: user.id });
    expect(joined.summary).toBe(`Ada Lovelace <${email}> joined as Admin`);

    expect((await readInvitation(token)).state).toBe("used");
    const again = await refusal(acceptInvitation({ account: "new", token, name: "Eve", password: PASSWORD }, client));
    expect(again).toMatchObject({ code: "CONFLICT", details: { state: "used" } });
  });

  it("two submissions of one link at once admit once", async () => {
    const { owner } = await team();
    const { token } = await invited(owner, { email: address(), orgRole: "MEMBER" });
    const outcomes = await Promise.allSettled([
      acceptInvitation({ account: "new", token, name: "One", password: PASSWORD }, client),
      acceptInvitation({ account: "new", token, name: "Two", password: PASSWORD }, client),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await db().organizationMembership.count({ where: { organizationId: owner.actor.orgId } })).toBe(2);
  });

  it("a domain deleted since the invitation is skipped", async () => {
    const { organization, owner } = await team();
    const doomed = await createDomain(organization.id, "Doomed");
    const email = address();
    const { token } = await invited(owner, {
      email,
      orgRole: "MEMBER",
      domainRoles: [{ domainId: doomed.id, role: "VIEWER" }],
    });
    await db().domain.delete({ where: { id: doomed.id } });
    await acceptInvitation({ account: "new", token, name: "Sam", password: PASSWORD }, client);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await db().domainMembership.count({ where: { userId: user.id } })).toBe(0);
  });

  it("the new-account form is refused for an address that has an account, and nothing changes", async () => {
    const { owner } = await team();
    const existing = await createUser({ password: PASSWORD });
    const { token } = await invited(owner, { email: existing.email, orgRole: "MEMBER" });
    expect((await readInvitation(token)).accountExists).toBe(true);
    const refused = await refusal(acceptInvitation({ account: "new", token, name: "X", password: PASSWORD }, client));
    expect(refused).toMatchObject({ code: "CONFLICT", details: { field: "password", accountExists: true } });
    expect((await readInvitation(token)).state).toBe("valid");
  });
});

describe("an existing account accepts", () => {
  it("with its password: joins without a new account, keeps its other organizations", async () => {
    const { organization, owner } = await team();
    const existing = await createUser({ password: PASSWORD });
    const elsewhere = await createOrganization("Elsewhere");
    await addOrgMember(elsewhere.id, existing.id, "OWNER");
    const { token } = await invited(owner, { email: existing.email, orgRole: "MEMBER" });

    const wrong = await refusal(acceptInvitation({ account: "existing", token, password: "not the password" }, client));
    expect(wrong).toMatchObject({ code: "UNAUTHORIZED", status: 401, details: { field: "password" } });
    expect((await readInvitation(token)).state).toBe("valid");

    expect(await acceptInvitation({ account: "existing", token, password: PASSWORD }, client)).toMatchObject({
      orgId: organization.id,
      email: existing.email,
    });
    const memberships = await db().organizationMembership.findMany({ where: { userId: existing.id } });
    expect(memberships.map((membership) => membership.organizationId).sort()).toEqual(
      [organization.id, elsewhere.id].sort(),
    );
    const audit = await db().auditEntry.findFirstOrThrow({
      where: { organizationId: organization.id, kind: "member.joined" },
    });
    expect(audit.data).toMatchObject({ newAccount: false });
  });

  it("signed in as the invited address: joins with one click; signed in as someone else: refused", async () => {
    const { organization, owner } = await team();
    const existing = await createUser({ password: PASSWORD });
    const { token } = await invited(owner, { email: existing.email, orgRole: "ADMIN" });
    const stranger = await createUser();
    const refused = await (await signedInCaller(stranger.id)).members.joinInvitation({ token }).catch((e) => e);
    expect(refused.cause).toMatchObject({ code: "FORBIDDEN" });
    expect(refused.message).toBe(
      `This invitation is for ${existing.email}, and you are signed in as ${stranger.email}. Sign out, then open the link again.`,
    );
    expect(await (await signedInCaller(existing.id)).members.joinInvitation({ token })).toMatchObject({
      orgId: organization.id,
    });
    expect(
      await db().organizationMembership.findUniqueOrThrow({
        where: { organizationId_userId: { organizationId: organization.id, userId: existing.id } },
      }),
    ).toMatchObject({ role: "ADMIN", disabledAt: null });
  });

  it("joining needs a session; the open form answers for an address without an account", async () => {
    const { owner } = await team();
    const { token } = await invited(owner, { email: address(), orgRole: "MEMBER" });
    const req = new Request("http://127.0.0.1/api/trpc");
    const anonymous = appRouter.createCaller(createContext(req, "console"));
    expect(await refusalOf(anonymous.members.joinInvitation({ token }))).toBe("UNAUTHORIZED 401");
    const refused = await refusal(acceptInvitation({ account: "existing", token, password: PASSWORD }, client));
    expect(refused).toMatchObject({ code: "CONFLICT", details: { accountExists: false } });
  });
});

describe("a link that no longer works", () => {
  it("expired, revoked or unknown: the page says which, accepting is refused and changes nothing", async () => {
    const { owner } = await team();
    const expired = await invited(owner, { email: address(), orgRole: "MEMBER" });
    await db().invitation.update({
      where: { id: expired.invitation.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const revoked = await invited(owner, { email: address(), orgRole: "MEMBER" });
    await (await consoleAs(owner)).members.revokeInvitation({ id: revoked.invitation.id });

    for (const [{ token }, state] of [
      [expired, "expired"],
      [revoked, "revoked"],
    ] as const) {
      expect(await readInvitation(token)).toEqual({
        state,
        organizationName: "Acme Rockets",
        email: null,
        orgRole: null,
        invitedByName: null,
        accountExists: false,
        expiresAt: null,
      });
      const refused = await refusal(
        acceptInvitation({ account: "new", token, name: "Late", password: PASSWORD }, client),
      );
      expect(refused).toMatchObject({ code: "CONFLICT", status: 409, details: { state } });
      expect(refused.message).toContain("Ask an Owner or Admin of the organization to invite you again.");
    }
    expect(await db().organizationMembership.count({ where: { organizationId: owner.actor.orgId } })).toBe(1);

    const altered = `${revoked.token.slice(0, -1)}${revoked.token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [altered, "short", "x".repeat(43)]) {
      expect((await readInvitation(bad)).state).toBe("unknown");
      expect((await readInvitation(bad)).organizationName).toBeNull();
      const refused = await refusal(
        acceptInvitation({ account: "new", token: bad, name: "X", password: PASSWORD }, client),
      );
      expect(refused).toMatchObject({ code: "NOT_FOUND", status: 404 });
    }
  });

  it("refuses a short password for a new account on its field", async () => {
    const { owner } = await team();
    const { token } = await invited(owner, { email: address(), orgRole: "MEMBER" });
    const anonymous = appRouter.createCaller(createContext(new Request("http://127.0.0.1/api/trpc"), "console"));
    const refused = await anonymous.members
      .acceptInvitation({ account: "new", token, name: "Ada", password: "short" })
      .catch((e) => e);
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.cause.issues[0]).toMatchObject({ path: ["password"], message: "must be at least 12 characters" });
  });
});
