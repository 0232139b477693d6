import { db } from "@/server/db/client";
import { takeSignInAttempt, tooManyAttemptsMessage } from "@/server/ratelimit/sign-in-limits";
import { hashPassword, verifyPassword } from "./password";

export type TSignedInUser = { id: string; email: string; name: string; defaultOrgId: string | null };

// Checked against when the email is unknown, so that answer costs the same scrypt work as a wrong
// password and its timing says nothing about which accounts exist. Made once per process.
let dummyHash: Promise<string> | null = null;
const hashForUnknownEmail = () => (dummyHash ??= hashPassword("not a password anyone has"));

/**
 * Checks email and password; disabled users cannot sign in. A partner's customer created with
 * `directLoginDisabled` is reached only through the partner: its organizations do not count
 * here, and a person who belongs to no other organization is refused exactly like a wrong
 * password (after the password check, so the answer and its timing say nothing more). A disabled
 * membership is no membership here: its organization is never selected nor offered.
 */
export async function signInWithPassword(email: string, password: string): Promise<TSignedInUser | null> {
  const user = await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: {
      id: true,
      email: true,
      name: true,
      passwordHash: true,
      disabledAt: true,
      orgMemberships: {
        where: { disabledAt: null },
        select: {
          organizationId: true,
          organization: { select: { follower: { select: { directLoginDisabled: true } } } },
        },
      },
    },
  });
  const matches = await verifyPassword(password, user?.passwordHash ?? (await hashForUnknownEmail()));
  if (!user || user.disabledAt || !matches) return null;
  const reachable = user.orgMemberships.filter((membership) => !membership.organization.follower?.directLoginDisabled);
  if (user.orgMemberships.length > 0 && reachable.length === 0) return null;
  await db().user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  // With exactly one organization there is nothing to choose: select it at sign-in.
  const only = reachable.length === 1 ? reachable[0]!.organizationId : null;
  return { id: user.id, email: user.email, name: user.name, defaultOrgId: only };
}

/**
 * Whether the user may select the organization now: enabled, an enabled member, and not a
 * partner-only customer.
 */
export async function maySelectOrganization(userId: string, orgId: string): Promise<boolean> {
  const membership = await db().organizationMembership.findUnique({
    where: { organizationId_userId: { organizationId: orgId, userId } },
    select: {
      disabledAt: true,
      user: { select: { disabledAt: true } },
      organization: { select: { follower: { select: { directLoginDisabled: true } } } },
    },
  });
  return Boolean(
    membership &&
    !membership.disabledAt &&
    !membership.user.disabledAt &&
    !membership.organization.follower?.directLoginDisabled,
  );
}

/** A sign-in through the limits (ratelimit/sign-in-limits.ts): the user, a refusal, or too many attempts. */
export type TSignInOutcome = { user: TSignedInUser | null; retryAfterSeconds: number | null };

/**
 * The console's sign-in: counted per email and per client address before the password is
 * checked; a limited attempt is not checked at all, whatever the email.
 */
export async function signInWithLimits(
  email: string,
  password: string,
  forwardedFor: string | null | undefined,
): Promise<TSignInOutcome> {
  const attempt = await takeSignInAttempt(email, forwardedFor);
  if (attempt.retryAfterSeconds !== null) return { user: null, retryAfterSeconds: attempt.retryAfterSeconds };
  const user = await signInWithPassword(email, password);
  if (user) await attempt.succeeded();
  return { user, retryAfterSeconds: null };
}

/** A password proved through the sign-in limits without signing in: the account, a refusal, or a wait. */
export type TPasswordCheck =
  | { outcome: "matches"; userId: string }
  | { outcome: "refused" }
  | { outcome: "limited"; retryAfterSeconds: number; message: string };

/**
 * Proves an account's password where no session is minted yet (joining an organization by
 * invitation): counted by the same limits as the sign-in form, and as costly for an unknown
 * email, so neither a guesser nor the timing learns more here than at /signin.
 */
export async function checkPasswordWithLimits(
  email: string,
  password: string,
  forwardedFor: string | null | undefined,
): Promise<TPasswordCheck> {
  const attempt = await takeSignInAttempt(email, forwardedFor);
  if (attempt.retryAfterSeconds !== null) {
    const seconds = attempt.retryAfterSeconds;
    return { outcome: "limited", retryAfterSeconds: seconds, message: tooManyAttemptsMessage(seconds) };
  }
  const user = await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, passwordHash: true, disabledAt: true },
  });
  const matches = await verifyPassword(password, user?.passwordHash ?? (await hashForUnknownEmail()));
  if (!user || user.disabledAt || !matches) return { outcome: "refused" };
  await attempt.succeeded();
  return { outcome: "matches", userId: user.id };
}
