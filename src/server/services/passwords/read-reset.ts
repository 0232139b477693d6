import type { TReadPasswordResetResponse } from "@/contracts/passwords/read-reset";
import { findResetLink, resetLinkState } from "./reset-links";

/** What the reset page shows: the link's state, and the account's email while it is valid. */
export async function readPasswordReset(token: string, now = new Date()): Promise<TReadPasswordResetResponse> {
  const link = await findResetLink(token);
  const state = resetLinkState(link, now);
  return { state, email: state === "valid" ? link!.user.email : null };
}
