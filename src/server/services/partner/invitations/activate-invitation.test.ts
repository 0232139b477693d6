import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOrgMember, createOrganization } from "../../../../../test/factories";
import { partnerPlatform } from "../../../../../test/partner-kit";
import { startEngine, stopEngine } from "../../../../../test/sessions-kit";
import { maySelectOrganization, signInWithPassword } from "@/server/auth/sign-in";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { provision, requestBody } from "../../../../../test/provisioning-kit";
import { activateInvitation } from "./activate-invitation";
import { readInvitation } from "./read-invitation";

// The owner's activation link and what it changes about signing in.

let partner: Awaited<ReturnType<typeof partnerPlatform>>;
const PASSWORD = "a long and secret password";

beforeAll(async () => {
  await startEngine({ workers: false });
  partner = await partnerPlatform();
});
afterAll(stopEngine);

async function provisioned(overrides: Record<string, unknown> = {}) {
  const response = await provision(partner.key, requestBody(overrides));
  expect(response.status).toBe(202);
  return {
    orgId: response.body.orgId as string,
    userId: response.body.owner.userId as string,
    token: (response.body.owner.invitation.url as string).split("/").pop()!,
  };
}

const email = () => `owner-${crypto.randomUUID().slice(0, 8)}@bakery.test`;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the owner's activation link", () => {
  it("sets the owner's email and password once; the owner then signs in straight into the new organization", async () => {
    const { orgId, userId, token } = await provisioned({ clientName: "Bakery Ltd", ownerName: "Olga" });
    expect(await readInvitation(token)).toEqual({
      state: "valid",
      organizationName: "Bakery Ltd",
      ownerName: "Olga",
      partnerName: partner.platform.name,
    });
    // Before activation the owner has no usable password.
    const placeholder = (await db().user.findUniqueOrThrow({ where: { id: userId } })).email;
    expect(await signInWithPassword(placeholder, PASSWORD)).toBeNull();
    const chosen = email();
    expect(await activateInvitation({ token, email: chosen.toUpperCase(), password: PASSWORD })).toEqual({
      orgId,
      email: chosen,
    });
    expect(await signInWithPassword(chosen, PASSWORD)).toMatchObject({ id: userId, defaultOrgId: orgId });
    expect((await readInvitation(token)).state).toBe("used");
    const again = await refusal(activateInvitation({ token, email: email(), password: PASSWORD }));
    expect(again).toMatchObject({ code: "CONFLICT", details: { state: "used" } });
  });

  it("two submissions of one link at once activate once", async () => {
    const { token } = await provisioned();
    const outcomes = await Promise.allSettled([
      activateInvitation({ token, email: email(), password: PASSWORD }),
      activateInvitation({ token, email: email(), password: PASSWORD }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  });

  it("an expired link says so and changes nothing", async () => {
    const { token, userId } = await provisioned();
    await db().ownerInvitation.updateMany({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await readInvitation(token)).state).toBe("expired");
    expect(await refusal(activateInvitation({ token, email: email(), password: PASSWORD }))).toMatchObject({
      code: "CONFLICT",
      details: { state: "expired" },
    });
  });

  it("an unknown or altered link names nothing", async () => {
    const { token } = await provisioned();
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [altered, "short", "x".repeat(43)]) {
      expect(await readInvitation(bad)).toEqual({
        state: "unknown",
        organizationName: null,
        ownerName: null,
        partnerName: null,
      });
      expect((await refusal(activateInvitation({ token: bad, email: email(), password: PASSWORD }))).code).toBe(
        "NOT_FOUND",
      );
    }
  });

  it("refuses an email another account has", async () => {
    const { token } = await provisioned();
    const taken = (await db().user.findFirstOrThrow({ select: { email: true } })).email;
    expect(await refusal(activateInvitation({ token, email: taken, password: PASSWORD }))).toMatchObject({
      code: "CONFLICT",
      details: { field: "email" },
    });
    expect((await readInvitation(token)).state).toBe("valid");
  });

  it("for a partner-only customer there is nothing to activate", async () => {
    const { token } = await provisioned({ directLoginDisabled: true });
    expect((await readInvitation(token)).state).toBe("partner_only");
    expect(await refusal(activateInvitation({ token, email: email(), password: PASSWORD }))).toMatchObject({
      code: "CONFLICT",
      details: { state: "partner_only" },
    });
  });
});

describe("password sign-in and partner-only customers", () => {
  it("refuses a person of a directLoginDisabled customer like a wrong password, and its selection", async () => {
    const { orgId, userId } = await provisioned({ directLoginDisabled: true });
    const chosen = email();
    const { hashPassword } = await import("@/server/auth/password");
    await db().user.update({
      where: { id: userId },
      data: { email: chosen, passwordHash: await hashPassword(PASSWORD) },
    });
    expect(await signInWithPassword(chosen, PASSWORD)).toBeNull();
    expect(await maySelectOrganization(userId, orgId)).toBe(false);
    // Someone who also belongs to an ordinary organization signs in there, never into the partner-only one.
    const ordinary = await createOrganization("Ordinary");
    await addOrgMember(ordinary.id, userId, "MEMBER");
    expect(await signInWithPassword(chosen, PASSWORD)).toMatchObject({ id: userId, defaultOrgId: ordinary.id });
    expect(await maySelectOrganization(userId, ordinary.id)).toBe(true);
    expect(await maySelectOrganization(userId, orgId)).toBe(false);
  });
});
