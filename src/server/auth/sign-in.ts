import { db } from "@/server/db/client";
import { verifyPassword } from "./password";

export type TSignedInUser = { id: string; email: string; name: string; defaultOrgId: string | null };

/** Checks email and password; disabled users cannot sign in. */
export async function signInWithPassword(email: string, password: string): Promise<TSignedInUser | null> {
  const user = await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, name: true, passwordHash: true, disabledAt: true, orgMemberships: { select: { organizationId: true } } },
  });
  if (!user || user.disabledAt || !(await verifyPassword(password, user.passwordHash))) return null;
  await db().user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  // With exactly one organization there is nothing to choose: select it at sign-in.
  const only = user.orgMemberships.length === 1 ? user.orgMemberships[0]!.organizationId : null;
  return { id: user.id, email: user.email, name: user.name, defaultOrgId: only };
}

/** Whether the user may select the organization now (enabled, and a member). */
export async function maySelectOrganization(userId: string, orgId: string): Promise<boolean> {
  const membership = await db().organizationMembership.findUnique({
    where: { organizationId_userId: { organizationId: orgId, userId } },
    select: { user: { select: { disabledAt: true } } },
  });
  return Boolean(membership && !membership.user.disabledAt);
}
