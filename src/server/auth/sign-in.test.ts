import { describe, expect, it } from "vitest";
import { addOrgMember, createOrganization, createUser, memberOfNewOrg } from "../../../test/factories";
import { db } from "@/server/db/client";
import { maySelectOrganization, signInWithPassword } from "./sign-in";

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

  it("refuses once the membership is removed", async () => {
    const { organization, user } = await memberOfNewOrg();
    await db().organizationMembership.delete({
      where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
    });
    expect(await maySelectOrganization(user.id, organization.id)).toBe(false);
  });
});
