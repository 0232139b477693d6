import type { TAcceptInvitationRequest, TAcceptInvitationResponse } from "@/contracts/members/accept-invitation";
import { hashPassword } from "@/server/auth/password";
import { checkPasswordWithLimits } from "@/server/auth/sign-in";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { admitMember } from "./admit-member";
import { openInvitation } from "./find-invitation";

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

const accountExists = (email: string) =>
  new AppError("CONFLICT", `An account with ${email} already exists: enter its password to join.`, {
    details: { field: "password", accountExists: true },
  });

/**
 * Accepts an invitation from its page, without a session: a new person creates the account of the
 * invited address (name and password); an existing account proves its password, counted by the
 * sign-in limits. Then the page signs them in with that password.
 */
export async function acceptInvitation(
  input: TAcceptInvitationRequest,
  client: { forwardedFor: string | null },
  now = new Date(),
): Promise<TAcceptInvitationResponse> {
  const invitation = await openInvitation(input.token, now);
  const email = invitation.email;
  if (input.account === "new") {
    if (await db().user.findUnique({ where: { email }, select: { id: true } })) throw accountExists(email);
    const passwordHash = await hashPassword(input.password);
    try {
      return await db().$transaction(async (tx) => {
        const user = await tx.user.create({
          data: { email, name: input.name, passwordHash },
          select: { id: true, name: true, email: true },
        });
        return admitMember(tx, invitation, user, { now, newAccount: true });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw accountExists(email);
      throw error;
    }
  }
  const check = await checkPasswordWithLimits(email, input.password, client.forwardedFor);
  if (check.outcome === "limited") {
    throw new AppError("RATE_LIMITED", check.message, {
      headers: { "Retry-After": String(check.retryAfterSeconds) },
      details: { field: "password" },
    });
  }
  if (check.outcome === "refused") {
    const exists = await db().user.findUnique({ where: { email }, select: { id: true } });
    if (!exists) {
      throw new AppError("CONFLICT", `There is no account with ${email} yet: choose your name and a password.`, {
        details: { field: "password", accountExists: false },
      });
    }
    throw new AppError(
      "UNAUTHORIZED",
      `That is not the password of ${email}. Try again, or reset it from the sign-in page.`,
      {
        details: { field: "password" },
      },
    );
  }
  const user = await db().user.findUniqueOrThrow({
    where: { id: check.userId },
    select: { id: true, name: true, email: true },
  });
  return db().$transaction((tx) => admitMember(tx, invitation, user, { now, newAccount: false }));
}
