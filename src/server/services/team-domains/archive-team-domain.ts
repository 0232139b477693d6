import type { TArchiveTeamDomainResponse } from "@/contracts/team-domains/archive-team-domain";
import type { TDomainIdRequest } from "@/contracts/team-domains/team-domain";
import type { TUserActor } from "@/server/auth/actor";
import { db, type TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import { domainFor, lockOrganization, teamDomainSelect, toTeamDomain } from "./domain-access";

/**
 * Archives a domain: its records stay (agents, flows, sessions, members), but it leaves every
 * list and picker, and its active triggers are deactivated in the same transaction, so nothing
 * fires in a domain nobody sees. The organization's last active domain cannot be archived.
 * Archiving an archived domain changes nothing.
 */
export async function archiveTeamDomain(
  actor: TUserActor,
  input: TDomainIdRequest,
): Promise<TArchiveTeamDomainResponse> {
  return db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    const domain = await domainFor(tx, actor, input.domainId, "manage");
    if (domain.archivedAt) return { domain: toTeamDomain(actor, domain), deactivatedTriggers: [] };
    const othersActive = await tx.domain.count({
      where: { organizationId: actor.orgId, archivedAt: null, id: { not: domain.id } },
    });
    if (othersActive === 0) {
      throw new AppError(
        "CONFLICT",
        `"${domain.name}" is the organization's only active domain. Create or restore another domain before archiving it.`,
        { details: { reason: "last_active_domain" } },
      );
    }
    const deactivatedTriggers = await deactivateTriggers(tx, actor, domain);
    const archived = await tx.domain.update({
      where: { id: domain.id },
      data: { archivedAt: new Date() },
      select: teamDomainSelect(actor),
    });
    const count = deactivatedTriggers.length;
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "domain.archived",
      subject: { type: "domain", id: domain.id },
      summary: `Archived the domain "${domain.name}"${count ? ` and deactivated ${count} trigger${count > 1 ? "s" : ""}` : ""}`,
      data: { name: domain.name, deactivatedTriggers },
    });
    return { domain: toTeamDomain(actor, archived), deactivatedTriggers };
  });
}

async function deactivateTriggers(tx: TTransaction, actor: TUserActor, domain: { id: string; name: string }) {
  const triggers = await tx.trigger.findMany({
    where: { domainId: domain.id, active: true },
    orderBy: { name: "asc" },
    select: { id: true, name: true },
  });
  if (!triggers.length) return [];
  // A schedule's planned firing is cleared while inactive, as setTriggerActive does.
  await tx.trigger.updateMany({
    where: { id: { in: triggers.map((trigger) => trigger.id) } },
    data: { active: false, nextFireAt: null },
  });
  for (const trigger of triggers) {
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "trigger.deactivated",
      subject: { type: "trigger", id: trigger.id },
      summary: `Deactivated the trigger "${trigger.name}" because its domain "${domain.name}" was archived`,
      data: { domainId: domain.id, reason: "domain_archived" },
    });
  }
  return triggers;
}
