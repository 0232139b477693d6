import type { TRenameTeamDomainRequest } from "@/contracts/team-domains/rename-team-domain";
import type { TTeamDomain } from "@/contracts/team-domains/team-domain";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import { domainFor, lockOrganization, teamDomainSelect, toTeamDomain } from "./domain-access";
import { assertNameFree } from "./domain-names";

/** A new name for an active domain; the slug stays. The same name again changes nothing and records nothing. */
export async function renameTeamDomain(
  actor: TUserActor,
  input: TRenameTeamDomainRequest,
): Promise<{ domain: TTeamDomain }> {
  const row = await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    const domain = await domainFor(tx, actor, input.domainId, "change");
    if (domain.name === input.name) return domain;
    await assertNameFree(tx, actor.orgId, input.name, domain.id);
    const renamed = await tx.domain.update({
      where: { id: domain.id },
      data: { name: input.name },
      select: teamDomainSelect(actor),
    });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "domain.renamed",
      subject: { type: "domain", id: domain.id },
      summary: `Renamed the domain "${domain.name}" to "${renamed.name}"`,
      data: { from: domain.name, to: renamed.name },
    });
    return renamed;
  });
  return { domain: toTeamDomain(actor, row) };
}
