import type { TDomainIdRequest, TTeamDomain } from "@/contracts/team-domains/team-domain";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import { domainFor, lockOrganization, teamDomainSelect, toTeamDomain } from "./domain-access";

/**
 * Brings an archived domain back into every list and picker, with its members and records.
 * Triggers deactivated by the archive stay off: someone turns each back on deliberately.
 * Restoring an active domain changes nothing.
 */
export async function restoreTeamDomain(actor: TUserActor, input: TDomainIdRequest): Promise<{ domain: TTeamDomain }> {
  const row = await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    const domain = await domainFor(tx, actor, input.domainId, "manage");
    if (!domain.archivedAt) return domain;
    const restored = await tx.domain.update({
      where: { id: domain.id },
      data: { archivedAt: null },
      select: teamDomainSelect(actor),
    });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "domain.restored",
      subject: { type: "domain", id: domain.id },
      summary: `Restored the domain "${domain.name}"`,
      data: { name: domain.name },
    });
    return restored;
  });
  return { domain: toTeamDomain(actor, row) };
}
