import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import { issueResetLink, type TIssuedResetLink } from "./reset-links";

const OPERATOR = { kind: "service", label: "Command line (npm run admin)" } as const;

/**
 * The lone operator's way back in (`npm run admin -- reset-password <email>`): a reset link for any
 * account, printed rather than mailed. Recorded in every organization of the person, by the command line.
 */
export async function issueResetForEmail(
  email: string,
  now = new Date(),
): Promise<TIssuedResetLink & { email: string }> {
  const address = email.trim().toLowerCase();
  const user = await db().user.findUnique({
    where: { email: address },
    select: { id: true, email: true, disabledAt: true, orgMemberships: { select: { organizationId: true } } },
  });
  if (!user) throw new AppError("NOT_FOUND", `No account has the email ${address}.`);
  if (user.disabledAt) {
    throw new AppError("CONFLICT", `The account ${address} is disabled: a reset link would not let it sign in.`);
  }
  const issued = await db().$transaction(async (tx) => {
    const link = await issueResetLink(tx, { userId: user.id, createdById: null, now });
    for (const { organizationId } of user.orgMemberships) {
      await recordAudit(tx, {
        orgId: organizationId,
        actor: OPERATOR,
        kind: "member.password_reset_sent",
        subject: { type: "user", id: user.id },
        summary: `Created a password reset link for ${user.email} on the command line`,
        data: { byEmail: false, expiresAt: link.expiresAt.toISOString() },
      });
    }
    return link;
  });
  return { ...issued, email: user.email };
}
