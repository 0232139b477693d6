import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { memberOfNewOrg } from "../../../test/factories";
import { signInWithLimits } from "@/server/auth/sign-in";
import { clientAddress, overrideSignInLimits, tooManyAttemptsMessage } from "./sign-in-limits";

const PASSWORD = "a long enough password";
const unknownEmail = () => `nobody-${randomUUID()}@example.test`;
// A fresh client address per test, so tests never share a counter.
const freshAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join(".")}`;

afterEach(() => overrideSignInLimits(null));

async function failTimes(times: number, email: string, address: string) {
  for (let attempt = 0; attempt < times; attempt++) {
    expect(await signInWithLimits(email, "wrong password", address)).toEqual({ user: null, retryAfterSeconds: null });
  }
}

describe("sign-in limits", () => {
  it("an unknown email and a wrong password get the same answer, and so do their refusals once limited", async () => {
    overrideSignInLimits({ perAccount: 3, perIp: 100, windowSeconds: 600 });
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    const address = freshAddress();
    const unknown = unknownEmail();
    await failTimes(3, user.email, address);
    await failTimes(3, unknown, address);

    const known = await signInWithLimits(user.email, PASSWORD, address);
    const stranger = await signInWithLimits(unknown, PASSWORD, address);
    expect(known.user).toBeNull();
    expect(known.retryAfterSeconds).toBeGreaterThan(500);
    expect(known.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(stranger.user).toBeNull();
    expect(stranger.retryAfterSeconds).toBeGreaterThan(500);
    expect(tooManyAttemptsMessage(known.retryAfterSeconds!)).toBe(
      "Too many sign-in attempts; try again in 10 minutes.",
    );
  });

  it("counts the email however it is spelled, and only that email", async () => {
    overrideSignInLimits({ perAccount: 2, perIp: 100 });
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    const { user: neighbour } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    const address = freshAddress();
    await failTimes(1, user.email, address);
    await failTimes(1, ` ${user.email.toUpperCase()} `, address);
    expect((await signInWithLimits(user.email, PASSWORD, address)).retryAfterSeconds).not.toBeNull();
    expect((await signInWithLimits(neighbour.email, PASSWORD, address)).user?.id).toBe(neighbour.id);
  });

  it("successful sign-ins are given back: only failures count", async () => {
    overrideSignInLimits({ perAccount: 2, perIp: 100 });
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    const address = freshAddress();
    for (let round = 0; round < 4; round++)
      expect((await signInWithLimits(user.email, PASSWORD, address)).user?.id).toBe(user.id);
    await failTimes(1, user.email, address);
    expect((await signInWithLimits(user.email, PASSWORD, address)).user?.id).toBe(user.id);
    // That success took the last point before it was given back: nothing may stay blocked.
    expect((await signInWithLimits(user.email, PASSWORD, address)).user?.id).toBe(user.id);
  });

  it("limits one client address across many emails, and not other addresses", async () => {
    overrideSignInLimits({ perAccount: 100, perIp: 3 });
    const { user } = await memberOfNewOrg("MEMBER", { password: PASSWORD });
    const address = freshAddress();
    for (let attempt = 0; attempt < 3; attempt++) await failTimes(1, unknownEmail(), `${address}, 192.0.2.1`);
    const limited = await signInWithLimits(user.email, PASSWORD, address);
    expect(limited).toMatchObject({ user: null });
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect((await signInWithLimits(user.email, PASSWORD, freshAddress())).user?.id).toBe(user.id);
  });

  it("a limit of 0 is off", async () => {
    overrideSignInLimits({ perAccount: 0, perIp: 0 });
    const email = unknownEmail();
    await failTimes(5, email, freshAddress());
  });

  it("reads the first forwarded hop and keeps odd values out of the store", () => {
    expect(clientAddress("203.0.113.9, 10.0.0.1")).toBe("203.0.113.9");
    expect(clientAddress("2001:DB8::1")).toBe("2001:db8::1");
    expect(clientAddress(undefined)).toBe("unknown");
    expect(clientAddress("<script>")).toMatch(/^sha256-[0-9a-f]{64}$/);
  });
});
