import { describe, expect, it } from "vitest";
import { addOrgMember, createOrganization, createUser, memberOfNewOrg } from "../../../test/factories";
import { db } from "@/server/db/client";
import { overrideSignInLimits } from "@/server/ratelimit/sign-in-limits";
import { checkPasswordWithLimits, maySelectOrganization, signInWithPassword } from "./sign-in";

const PASSWORD = "a long enough password";

describe("signInWithPassword", () => {
  it("signs in with the right password and selects the only organization", async () => {
    const { organization, user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    expect(await signInWithPassword(user.email, PASSWORD)).toEqual({
      id: user.id,
      email: user.email,
      name: user.name,
      defaultOrgId: organization.id,
    });
  });

  it("records the time of a successful sign-in only", async () => {
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    expect(await signInWithPassword(user.email, "wrong password")).toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).lastSignInAt).toBeNull();
    await signInWithPassword(user.email, PASSWORD);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).lastSignInAt).toBeInstanceOf(Date);
  });

  it("refuses a wrong password", async () => {
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    expect(await signInWithPassword(user.email, `${PASSWORD}!`)).toBeNull();
    expect(await signInWithPassword(user.email, "")).toBeNull();
  });

  it("refuses an unknown email", async () => {
    expect(await signInWithPassword(`nobody-${crypto.randomUUID()}@example.test`, PASSWORD)).toBeNull();
  });

  it("refuses a disabled user even with the right password", async () => {
    const user = await createUser({ password: PASSWORD, disabled: true });
    await addOrgMember((await createOrganization()).id, user.id);
    expect(await signInWithPassword(user.email, PASSWORD)).toBeNull();
  });

  it("reads the email case-insensitively and ignores surrounding spaces", async () => {
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    expect((await signInWithPassword(`  ${user.email.toUpperCase()} `, PASSWORD))?.id).toBe(user.id);
  });

  it("selects no organization when the user has several", async () => {
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    await addOrgMember((await createOrganization("Second")).id, user.id, "OWNER");
    const signedIn = await signInWithPassword(user.email, PASSWORD);
    expect(signedIn?.id).toBe(user.id);
    expect(signedIn?.defaultOrgId).toBeNull();
  });

  it("ignores a disabled membership: it is never selected, and the only enabled one is", async () => {
    const { organization, user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    const other = await createOrganization("Second");
    await addOrgMember(other.id, user.id, "OWNER");
    await db().organizationMembership.update({
      where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
      data: { disabledAt: new Date() },
    });
    expect((await signInWithPassword(user.email, PASSWORD))?.defaultOrgId).toBe(other.id);
    await db().organizationMembership.update({
      where: { organizationId_userId: { organizationId: other.id, userId: user.id } },
      data: { disabledAt: new Date() },
    });
    // Every membership disabled: the password still works, with nothing to select.
    expect(await signInWithPassword(user.email, PASSWORD)).toMatchObject({ id: user.id, defaultOrgId: null });
  });

  it("selects no organization when the user has none", async () => {
    const user = await createUser({ password: PASSWORD });
    const signedIn = await signInWithPassword(user.email, PASSWORD);
    expect(signedIn?.id).toBe(user.id);
    expect(signedIn?.defaultOrgId).toBeNull();
  });
});

describe("maySelectOrganization", () => {
  it("allows an organization the user belongs to", async () => {
    const { organization, user } = await memberOfNewOrg();
    expect(await maySelectOrganization(user.id, organization.id)).toBe(true);
  });

  it("refuses an organization the user does not belong to, or that does not exist", async () => {
    const { user } = await memberOfNewOrg();
    const other = await createOrganization("Other");
    expect(await maySelectOrganization(user.id, other.id)).toBe(false);
    expect(await maySelectOrganization(user.id, crypto.randomUUID())).toBe(false);
  });

  it("refuses a disabled user", async () => {
    const { organization, user } = await memberOfNewOrg();
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await maySelectOrganization(user.id, organization.id)).toBe(false);
  });

  it("refuses while the membership is disabled, and allows again once enabled", async () => {
    const { organization, user } = await memberOfNewOrg();
    const where = { organizationId_userId: { organizationId: organization.id, userId: user.id } };
    await db().organizationMembership.update({ where, data: { disabledAt: new Date() } });
    expect(await maySelectOrganization(user.id, organization.id)).toBe(false);
    await db().organizationMembership.update({ where, data: { disabledAt: null } });
    expect(await maySelectOrganization(user.id, organization.id)).toBe(true);
  });

  it("refuses once the membership is removed", async () => {
    const { organization, user } = await memberOfNewOrg();
    await db().organizationMembership.delete({
      where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
    });
    expect(await maySelectOrganization(user.id, organization.id)).toBe(false);
  });
});

describe("checkPasswordWithLimits", () => {
  it("proves the password of an enabled account, refuses a wrong one, a disabled account and an unknown email alike", async () => {
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    const forwardedFor = `198.51.100.${Math.floor(Math.random() * 200)}`;
    expect(await checkPasswordWithLimits(user.email.toUpperCase(), PASSWORD, forwardedFor)).toEqual({
      outcome: "matches",
      userId: user.id,
    });
    expect(await checkPasswordWithLimits(user.email, "wrong password", forwardedFor)).toEqual({ outcome: "refused" });
    const unknown = `nobody-${crypto.randomUUID()}@example.test`;
    expect(await checkPasswordWithLimits(unknown, PASSWORD, forwardedFor)).toEqual({ outcome: "refused" });
    const disabled = await createUser({ password: PASSWORD, disabled: true });
    expect(await checkPasswordWithLimits(disabled.email, PASSWORD, forwardedFor)).toEqual({ outcome: "refused" });
  });

  it("is counted by the sign-in limits: past them, even the right password waits", async () => {
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    overrideSignInLimits({ perAccount: 2, perIp: 100, windowSeconds: 60 });
    try {
      const forwardedFor = "192.0.2.44";
      await checkPasswordWithLimits(user.email, "wrong 1", forwardedFor);
      await checkPasswordWithLimits(user.email, "wrong 2", forwardedFor);
      const limited = await checkPasswordWithLimits(user.email, PASSWORD, forwardedFor);
      expect(limited).toMatchObject({
        outcome: "limited",
        message: expect.stringMatching(/^Too many sign-in attempts/),
      });
    } finally {
      overrideSignInLimits(null);
    }
  });
});
