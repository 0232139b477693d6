import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type TReceivedMail = { from: string; to: string[]; subject: string; text: string; at: string };

export type TSmtpSink = {
  /** smtp://127.0.0.1:<port>: what SMTP_URL names in a test. */
  url: string;
  port: number;
  received: TReceivedMail[];
  /** The newest mail to this address, waiting up to `timeoutMs` for it to arrive. */
  waitFor(to: string, timeoutMs?: number): Promise<TReceivedMail>;
  /** Makes the next `count` messages fail with a 4xx (a refusing mail server). */
  refuseNext(count: number): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (nodemailer's smtp-server) that keeps every message it receives:
 * the local mail server the tests send invitations and password resets to. No TLS, no auth.
 */
export async function startSmtpSink(port = 0): Promise<TSmtpSink> {
  const received: TReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 450 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            at: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    refuseNext(count) {
      refusals = count;
    },
    async waitFor(to, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.findLast((candidate) => candidate.to.includes(address));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
