import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/server/env";
import { startSmtpSink, type TSmtpSink } from "../../../test/smtp-sink";
import { mailConfigured, sendMail } from "./send-mail";

let sink: TSmtpSink;
const saved = env.SMTP_URL;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  env.SMTP_URL = saved;
  await sink.close();
});

describe("sendMail", () => {
  it("refuses to send when SMTP_URL is not set, and says which setting is missing", async () => {
    env.SMTP_URL = undefined;
    expect(mailConfigured()).toBe(false);
    await expect(sendMail({ to: "ada@example.com", subject: "x", text: "y" })).rejects.toThrow(/SMTP_URL/);
  });

  it("delivers a plain-text mail from MAIL_FROM to a real SMTP server", async () => {
    env.SMTP_URL = sink.url;
    expect(mailConfigured()).toBe(true);
    await sendMail({ to: "Ada@Example.com", subject: "You are invited", text: "Open http://x/invite/abc" });
    const mail = await sink.waitFor("ada@example.com");
    expect(mail).toMatchObject({ subject: "You are invited", from: "no-reply@localhost" });
    expect(mail.text.trim()).toBe("Open http://x/invite/abc");
  });

  it("surfaces a refusing mail server as an error the caller can report", async () => {
    env.SMTP_URL = sink.url;
    sink.refuseNext(1);
    await expect(sendMail({ to: "bob@example.com", subject: "s", text: "t" })).rejects.toThrow(/busy/);
  });
});
