import type { TFollowerRecord, TOnboardingStatus } from "@/contracts/partner/follower-record";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { notFound } from "@/server/errors";

// Oldest first: the primary domain and the template's, in the order provisioning created them.
const DOMAIN_ORDER: Prisma.DomainOrderByWithRelationInput[] = [{ createdAt: "asc" }, { name: "asc" }, { id: "asc" }];

export const FOLLOWER_RECORD_SELECT = {
  organizationId: true,
  clientName: true,
  clientSegment: true,
  directLoginDisabled: true,
  domainName: true,
  organization: {
    select: {
      domains: {
        orderBy: DOMAIN_ORDER,
        select: { id: true, name: true },
      },
    },
  },
  onboardingStatus: true,
  onboardingSteps: true,
  onboardingError: true,
  ownerUserId: true,
  ownerName: true,
  createdAt: true,
  release: { select: { id: true, version: true, template: { select: { id: true, name: true } } } },
} as const;

type TFollowerRow = {
  organizationId: string;
  clientName: string;
  clientSegment: string;
  directLoginDisabled: boolean;
  domainName: string;
  organization: { domains: Array<{ id: string; name: string }> };
  onboardingStatus: string;
  onboardingSteps: string[];
  onboardingError: string | null;
  ownerUserId: string;
  ownerName: string;
  createdAt: Date;
  release: { id: string; version: number; template: { id: string; name: string } } | null;
};

/** The public customer record; the invitation is given only by the provisioning request itself. */
export function toFollowerRecord(
  row: TFollowerRow,
  invitation: TFollowerRecord["owner"]["invitation"] = null,
): TFollowerRecord {
  return {
    orgId: row.organizationId,
    clientName: row.clientName,
    clientSegment: row.clientSegment,
    directLoginDisabled: row.directLoginDisabled,
    domainName: row.domainName,
    domains: row.organization.domains,
    onboardingStatus: row.onboardingStatus.toLowerCase() as TOnboardingStatus,
    onboardingSteps: row.onboardingSteps,
    onboardingError: row.onboardingError,
    release: row.release
      ? {
          templateId: row.release.template.id,
          templateName: row.release.template.name,
          version: row.release.version,
          releaseId: row.release.id,
        }
      : null,
    owner: { userId: row.ownerUserId, name: row.ownerName, invitation },
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /organizations/{orgId}: the platform's own customer as it is now, or the uniform 404. */
export async function getFollowerRecord(platformId: string, orgId: string): Promise<TFollowerRecord> {
  const row = /^[0-9a-f-]{36}$/i.test(orgId)
    ? await db().follower.findUnique({
        where: { organizationId: orgId },
        select: { ...FOLLOWER_RECORD_SELECT, platformId: true },
      })
    : null;
  if (!row || row.platformId !== platformId) throw notFound();
  return toFollowerRecord(row);
}
