import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { addOrgMember, cookieHeaders, createOrganization, createUser, memberOfNewOrg } from "../../../test/factories";
import { db, ready } from "@/server/db/client";
import { nextAuthOptions } from "./next-auth-options";
import { authenticateCookie, mintSessionCookie, readCookie, SESSION_COOKIE } from "./session-cookie";
import { signingSecret } from "./signing-secret";

function withCookie(value: string): Headers {
  return new Headers({ cookie: `${SESSION_COOKIE}=${value}` });
}

describe("the service_session cookie", () => {
  // Opening the database and making the signing secret is the file's slow first step on a busy machine.
  beforeAll(async () => {
    await ready();
    await signingSecret();
  }, 120_000);

  it("resolves to its user and the selected organization", async () => {
    const { organization, user } = await memberOfNewOrg("ADMIN");
    const session = await authenticateCookie(await cookieHeaders(user.id, organization.id));
    expect(session).toEqual({
      userId: user.id,
      email: user.email,
      name: user.name,
      actor: {
        kind: "user",
        userId: user.id,
        email: user.email,
        name: user.name,
        orgId: organization.id,
        orgRole: "ADMIN",
        via: "cookie",
        credentialId: null,
      },
    });
  });

  it("is found among other cookies", async () => {
    const { organization, user } = await memberOfNewOrg();
    const value = await mintSessionCookie({ sub: user.id, orgId: organization.id });
    const headers = new Headers({ cookie: `theme=dark; ${SESSION_COOKIE}=${value}; other=1` });
    expect(readCookie(headers, SESSION_COOKIE)).toBe(value);
    expect((await authenticateCookie(headers))?.actor?.orgId).toBe(organization.id);
  });

  it("that is not valid percent-encoding is no session, not an error", async () => {
    expect(readCookie(withCookie("%E0%A4%A"), SESSION_COOKIE)).toBeNull();
    await expect(authenticateCookie(withCookie("%E0%A4%A"))).resolves.toBeNull();
  });

  it("without a selected organization is a signed-in person with no actor", async () => {
    const { user } = await memberOfNewOrg();
    const session = await authenticateCookie(await cookieHeaders(user.id, null));
    expect(session).toMatchObject({ userId: user.id, email: user.email });
    expect(session?.actor).toBeNull();
  });

  it("selecting an organization the user never belonged to gives no actor", async () => {
    const { user } = await memberOfNewOrg();
    const stranger = await createOrganization("Stranger");
    const session = await authenticateCookie(await cookieHeaders(user.id, stranger.id));
    expect(session?.userId).toBe(user.id);
    expect(session?.actor).toBeNull();
  });

  it("is refused when absent", async () => {
    expect(await authenticateCookie(new Headers())).toBeNull();
    expect(await authenticateCookie(new Headers({ cookie: "other=1" }))).toBeNull();
  });

  it("is refused when tampered with", async () => {
    const { organization, user } = await memberOfNewOrg();
    const value = await mintSessionCookie({ sub: user.id, orgId: organization.id });
    // A JWE: header.key.iv.ciphertext.tag. Changing the first character of a segment always
    // changes its decoded bytes.
    const parts = value.split(".");
    expect(parts).toHaveLength(5);
    for (const index of [0, 2, 3, 4]) {
      const changed = [...parts];
      changed[index] = `${changed[index]![0] === "A" ? "B" : "A"}${changed[index]!.slice(1)}`;
      expect(await authenticateCookie(withCookie(changed.join(".")))).toBeNull();
    }
    expect(await authenticateCookie(withCookie(value.slice(0, -4)))).toBeNull();
    expect(await authenticateCookie(withCookie("garbage"))).toBeNull();
  });

  it("is refused when signed with another secret", async () => {
    const { organization, user } = await memberOfNewOrg();
    const forged = await encode({
      token: { sub: user.id, orgId: organization.id },
      secret: "not-the-service-secret-not-the-service-secret",
    });
    expect(await authenticateCookie(withCookie(forged))).toBeNull();
  });

  it("is refused for a user who does not exist", async () => {
    const organization = await createOrganization();
    expect(await authenticateCookie(await cookieHeaders(crypto.randomUUID(), organization.id))).toBeNull();
  });

  it("is refused once the user is disabled", async () => {
    const { organization, user } = await memberOfNewOrg();
    const headers = await cookieHeaders(user.id, organization.id);
    expect(await authenticateCookie(headers)).not.toBeNull();
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await authenticateCookie(headers)).toBeNull();
  });

  it("loses its actor once the membership of the selected organization is removed", async () => {
    const { organization, user } = await memberOfNewOrg();
    const headers = await cookieHeaders(user.id, organization.id);
    expect((await authenticateCookie(headers))?.actor).not.toBeNull();
    await db().organizationMembership.delete({
      where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
    });
    const session = await authenticateCookie(headers);
    expect(session?.userId).toBe(user.id);
    expect(session?.actor).toBeNull();
  });

  it("acts in the organization it selects, with that organization's role", async () => {
    const user = await createUser();
    const first = await createOrganization("First");
    const second = await createOrganization("Second");
    await addOrgMember(first.id, user.id, "MEMBER");
    await addOrgMember(second.id, user.id, "OWNER");
    expect((await authenticateCookie(await cookieHeaders(user.id, first.id)))?.actor).toMatchObject({
      orgId: first.id,
      orgRole: "MEMBER",
    });
    expect((await authenticateCookie(await cookieHeaders(user.id, second.id)))?.actor).toMatchObject({
      orgId: second.id,
      orgRole: "OWNER",
    });
  });

  it("is refused once the person's password changed after they signed in; a later sign-in works", async () => {
    const { organization, user } = await memberOfNewOrg();
    const signedIn = Date.now();
    const before = withCookie(await mintSessionCookie({ sub: user.id, orgId: organization.id, authAt: signedIn }));
    expect(await authenticateCookie(before)).not.toBeNull();
    const changedAt = new Date(signedIn + 1);
    await db().user.update({ where: { id: user.id }, data: { passwordChangedAt: changedAt } });
    expect(await authenticateCookie(before)).toBeNull();
    const after = withCookie(
      await mintSessionCookie({ sub: user.id, orgId: organization.id, authAt: changedAt.getTime() }),
    );
    expect((await authenticateCookie(after))?.actor?.orgId).toBe(organization.id);
  });

  it("without a sign-in instant counts from when it was issued", async () => {
    const { organization, user } = await memberOfNewOrg();
    const issued = await encode({ token: { sub: user.id, orgId: organization.id }, secret: await signingSecret() });
    expect(await authenticateCookie(withCookie(issued))).not.toBeNull();
    await db().user.update({ where: { id: user.id }, data: { passwordChangedAt: new Date(Date.now() + 1000) } });
    expect(await authenticateCookie(withCookie(issued))).toBeNull();
  });

  it("is not renewed by next-auth once the password changed, and keeps its sign-in instant when it is", async () => {
    const { organization, user } = await memberOfNewOrg();
    const jwt = (await nextAuthOptions()).callbacks!.jwt!;
    const signedIn = await jwt({
      token: { sub: user.id },
      user: { id: user.id, defaultOrgId: organization.id } as never,
      account: null,
    });
    expect(signedIn).toMatchObject({ orgId: organization.id, authAt: expect.any(Number) });
    const authAt = signedIn.authAt as number;
    // A refresh (/api/auth/session) a minute later: next-auth hands the decoded token with a newer iat.
    const refreshed = await jwt({ token: { ...signedIn, iat: Math.ceil(authAt / 1000) + 60 }, account: null } as never);
    expect(refreshed.authAt).toBe(authAt);
    await db().user.update({ where: { id: user.id }, data: { passwordChangedAt: new Date(authAt + 1) } });
    await expect(
      jwt({ token: { ...signedIn, iat: Math.ceil(authAt / 1000) + 120 }, account: null } as never),
    ).rejects.toThrow(/password was changed/);
  });
});
