import { mailConfigured } from "@/server/mail/send-mail";

/** Whether the sign-in page offers "Forgot password?": only a service that can send email can mail the link. */
export function forgotPasswordAvailable(): boolean {
  return mailConfigured();
}
