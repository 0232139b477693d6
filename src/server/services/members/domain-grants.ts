import { z } from "zod";
import type { TMemberDomain } from "@/contracts/members/member";
import { ZDomainRole } from "@/contracts/tenancy/get-me";
import type { TTransaction } from "@/server/db/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { AppError } from "@/server/errors";

/** What Invitation.domainRoles holds: the domain memberships granted on acceptance. */
export type TDomainGrant = { domainId: string; role: DomainRole };

const ZStoredGrants = z.array(z.object({ domainId: z.string(), role: ZDomainRole }));

/** The stored grants; a value this code did not write reads as none rather than failing a page. */
export function storedGrants(value: unknown): TDomainGrant[] {
  const parsed = ZStoredGrants.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** Grants named with their domains; a domain deleted or archived since is left out. */
export function namedGrants(grants: TDomainGrant[], names: ReadonlyMap<string, string>): TMemberDomain[] {
  return grants.flatMap((grant) => {
    const domainName = names.get(grant.domainId);
    return domainName === undefined ? [] : [{ domainId: grant.domainId, domainName, role: grant.role }];
  });
}

/** Every granted domain must be a current (not archived) domain of the organization. */
export async function assertGrantableDomains(tx: TTransaction, orgId: string, grants: TDomainGrant[]): Promise<void> {
  if (grants.length === 0) return;
  const found = await tx.domain.count({
    where: { organizationId: orgId, archivedAt: null, id: { in: grants.map((grant) => grant.domainId) } },
  });
  if (found !== grants.length) {
    throw new AppError(
      "VALIDATION",
      "Choose domains of this organization: one of them no longer exists or is archived.",
      {
        details: { field: "domainRoles" },
      },
    );
  }
}
