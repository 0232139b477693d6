import type { TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";

/**
 * A domain keeps at least one Owner, so someone inside it can always manage it: the last Owner
 * cannot be removed or given another role (organization Owners and Admins included, who manage
 * domains but hold no role in them by that status). Call it holding the domain's lock.
 */
export async function assertAnotherOwner(
  tx: TTransaction,
  o: { domainId: string; userId: string; label: string; doing: "remove" | "change" },
): Promise<void> {
  const others = await tx.domainMembership.count({
    where: { domainId: o.domainId, role: "OWNER", userId: { not: o.userId } },
  });
  if (others > 0) return;
  const what = o.doing === "remove" ? "removing them" : "changing their role";
  throw new AppError("CONFLICT", `${o.label} is this domain's only Owner. Make someone else an Owner before ${what}.`, {
    details: { reason: "last_owner", ...(o.doing === "change" ? { field: "role" } : {}) },
  });
}
