import type { TReceivedMail } from "../../test/smtp-sink";

const receiverUrl = () => `http://127.0.0.1:${process.env.E2E_HTTP_TARGET_PORT ?? 4010}`;

/** The newest mail the service sent to `to` through the run's SMTP sink, waiting for it to arrive. */
export async function newestMailTo(to: string, timeoutMs = 10_000): Promise<TReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${receiverUrl()}/__receiver/mail?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as TReceivedMail[];
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link to this service in a mail's text (an invitation or a password reset). */
export function linkIn(mail: TReceivedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`The mail "${mail.subject}" holds no link`);
  return match[0];
}
