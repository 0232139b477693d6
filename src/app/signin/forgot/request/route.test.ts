import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { memberOfNewOrg } from "../../../../../test/factories";
import { startSmtpSink, type TSmtpSink } from "../../../../../test/smtp-sink";
import { signInWithPassword } from "@/server/auth/sign-in";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { completePasswordReset } from "@/server/services/passwords/complete-reset";
import { overrideResetRequestLimits } from "./reset-request-limits";
import { POST } from "./route";

const ANSWER = { message: "If an account exists for that address, we sent a link to reset its password." };
const savedSmtp = env.SMTP_URL;
let sink: TSmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterEach(() => {
  env.SMTP_URL = savedSmtp;
  overrideResetRequestLimits(null);
});
afterAll(async () => {
  await sink.close();
});

// A fresh client address per test, so tests never share a counter.
const freshAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join(".")}`;
const unknownEmail = () => `nobody-${randomUUID()}@example.test`;

function forgot(body: unknown, headers: Record<string, string> = {}) {
  return POST(
    new Request("http://127.0.0.1:3000/signin/forgot/request", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshAddress(), ...headers },
      body: JSON.stringify(body),
    }),
  );
}

describe("Forgot password? (POST /signin/forgot/request)", () => {
  it("answers the same for an unknown address and a known one, and mails the link only to the account", async () => {
    env.SMTP_URL = sink.url;
    const { user } = await memberOfNewOrg("MEMBER", { password: "the forgotten password" });
    const stranger = unknownEmail();
    const unknown = await forgot({ email: stranger });
    const known = await forgot({ email: user.email.toUpperCase() });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    expect(await unknown.json()).toEqual(ANSWER);
    expect(await known.json()).toEqual(ANSWER);

    const mail = await sink.waitFor(user.email);
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect(sink.received.some((received) => received.to.includes(stranger))).toBe(false);
    await completePasswordReset({ token, password: "a remembered password" });
    expect((await signInWithPassword(user.email, "a remembered password"))?.id).toBe(user.id);
    expect(await signInWithPassword(user.email, "the forgotten password")).toBeNull();
    // Asked by nobody in particular: no admin is named as its sender.
    expect((await db().passwordReset.findFirstOrThrow({ where: { userId: user.id } })).createdById).toBeNull();
  }, 90_000); // the file's first scrypt hashes, database and SMTP connection: slow on a busy machine

  it("is limited per address, known or not, with the same refusal", async () => {
    env.SMTP_URL = sink.url;
    overrideResetRequestLimits({ perAddress: 2, perIp: 100 });
    const { user } = await memberOfNewOrg();
    const stranger = unknownEmail();
    for (const email of [user.email, stranger]) {
      expect((await forgot({ email })).status).toBe(200);
      expect((await forgot({ email })).status).toBe(200);
    }
    const known = await forgot({ email: user.email });
    const unknown = await forgot({ email: stranger });
    expect([known.status, unknown.status]).toEqual([429, 429]);
    const body = (await known.json()) as { error: { code: string; message: string } };
    expect(body).toEqual(await unknown.json());
    expect(body.error).toEqual({ code: "RATE_LIMITED", message: "Too many reset requests; try again in 60 minutes." });
    expect(Number(known.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await db().passwordReset.count({ where: { userId: user.id } })).toBe(2);
    await expect.poll(() => sink.received.filter((mail) => mail.to.includes(user.email)).length).toBe(2);
  });

  it("is limited per client address", async () => {
    env.SMTP_URL = sink.url;
    overrideResetRequestLimits({ perAddress: 100, perIp: 2 });
    const address = freshAddress();
    expect((await forgot({ email: unknownEmail() }, { "x-forwarded-for": address })).status).toBe(200);
    expect((await forgot({ email: unknownEmail() }, { "x-forwarded-for": address })).status).toBe(200);
    expect((await forgot({ email: unknownEmail() }, { "x-forwarded-for": address })).status).toBe(429);
    expect((await forgot({ email: unknownEmail() })).status).toBe(200);
  });

  it("refuses what is not an email address with a sentence for the field", async () => {
    env.SMTP_URL = sink.url;
    const response = await forgot({ email: "not an address" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "VALIDATION",
        message: "Invalid request: email: Enter an email address like name@company.com.",
        details: {
          issues: [{ path: "email", message: "Enter an email address like name@company.com", code: "invalid_format" }],
        },
      },
    });
  });

  it("refuses a request started by another site", async () => {
    env.SMTP_URL = sink.url;
    const response = await forgot({ email: unknownEmail() }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("says so when the service cannot send email", async () => {
    env.SMTP_URL = undefined;
    const response = await forgot({ email: unknownEmail() });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/Ask an administrator/);
  });
});
