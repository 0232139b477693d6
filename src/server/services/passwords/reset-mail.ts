import { RESET_LINK_MINUTES } from "@/contracts/passwords/new-password";
import type { TMail } from "@/server/mail/send-mail";

/** The reset mail: the link, how long it works, and what to do when it was not expected. */
export function resetMail(to: string, link: string, why: string): TMail {
  return {
    to,
    subject: "Reset your password",
    text: [
      why,
      "",
      `Choose a new password here: ${link}`,
      "",
      `The link works once, for ${RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere else.`,
      "If you did not expect this mail, ignore it: your password stays as it is.",
      "",
    ].join("\n"),
  };
}
