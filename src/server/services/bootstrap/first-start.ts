import { generatePassword, hashPassword } from "@/server/auth/password";
import { db } from "@/server/db/client";

export type TFirstStartAccount = { email: string; password: string; organizationName: string; domainName: string };

/**
 * On an empty database, creates a first organization, domain and Owner so the service can be
 * used at once. Returns the credentials to print, or null when anyone exists already. Two
 * processes starting together cannot both create one: the email is unique and everything is
 * written in one transaction.
 */
export async function createFirstAccount(email: string): Promise<TFirstStartAccount | null> {
  const prisma = db();
  if ((await prisma.user.count()) > 0 || (await prisma.organization.count()) > 0) return null;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  try {
    await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email, name: "Administrator", passwordHash, isInstanceOperator: true },
      });
      const organization = await tx.organization.create({ data: { name: "My organization", slug: "my-organization" } });
      const domain = await tx.domain.create({
        data: { organizationId: organization.id, name: "Default", slug: "default" },
      });
      await tx.organizationMembership.create({
        data: { organizationId: organization.id, userId: user.id, role: "OWNER" },
      });
      await tx.domainMembership.create({ data: { domainId: domain.id, userId: user.id, role: "OWNER" } });
    });
  } catch (error) {
    if ((await prisma.user.count()) > 0) return null; // another process won the race
    throw error;
  }
  return { email, password, organizationName: "My organization", domainName: "Default" };
}
