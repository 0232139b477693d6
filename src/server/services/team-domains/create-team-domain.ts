import type { TCreateTeamDomainRequest } from "@/contracts/team-domains/create-team-domain";
import type { TTeamDomain } from "@/contracts/team-domains/team-domain";
import type { TUserActor } from "@/server/auth/actor";
import { isOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordAudit } from "@/server/services/audit/record-audit";
import { lockOrganization, teamDomainSelect, toTeamDomain } from "./domain-access";
import { assertNameFree, freeSlug } from "./domain-names";

/**
 * A new domain of the actor's organization (organization Owners and Admins only), with the
 * creator as its first Owner, so it is never without someone who manages it.
 */
export async function createTeamDomain(
  actor: TUserActor,
  input: TCreateTeamDomainRequest,
): Promise<{ domain: TTeamDomain }> {
  if (!isOrgAdmin(actor)) {
    throw new AppError("FORBIDDEN", "Only the organization's Owners and Admins can create domains.");
  }
  const row = await db().$transaction(async (tx) => {
    await lockOrganization(tx, actor.orgId);
    await assertNameFree(tx, actor.orgId, input.name);
    const slug = await freeSlug(tx, actor.orgId, input.name);
    const created = await tx.domain.create({
      data: {
        organizationId: actor.orgId,
        name: input.name,
        slug,
        memberships: { create: { userId: actor.userId, role: "OWNER" } },
      },
      select: teamDomainSelect(actor),
    });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "domain.created",
      subject: { type: "domain", id: created.id },
      summary: `Created the domain "${created.name}"`,
      data: { name: created.name, slug: created.slug },
    });
    return created;
  });
  return { domain: toTeamDomain(actor, row) };
}
