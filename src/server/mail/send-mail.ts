import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/server/env";

export type TMail = { to: string; subject: string; text: string };

// One pooled transport per SMTP_URL (tests point it at their own local server).
let transport: { url: string; transporter: Transporter } | null = null;

/** Email can be sent when the operator configured SMTP_URL; callers show links otherwise. */
export function mailConfigured(): boolean {
  return Boolean(env.SMTP_URL);
}

/**
 * Sends one plain-text email through SMTP_URL. Throws when SMTP is not configured or the server
 * refuses; callers decide whether that fails their operation (an invitation still has its link).
 */
export async function sendMail(mail: TMail): Promise<void> {
  const url = env.SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set: email cannot be sent");
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  await transport.transporter.sendMail({ from: env.MAIL_FROM, ...mail });
}
