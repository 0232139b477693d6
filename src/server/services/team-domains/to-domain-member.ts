import type { TDomainMember } from "@/contracts/team-domains/team-domain";
import type { DomainRole } from "@/server/db/generated/enums";

/** A membership with the person and their standing in the organization (for "disabled"). */
export const domainMemberSelect = (orgId: string) =>
  ({
    role: true,
    createdAt: true,
    user: {
      select: {
        id: true,
        name: true,
        email: true,
        disabledAt: true,
        orgMemberships: { where: { organizationId: orgId }, select: { disabledAt: true } },
      },
    },
  }) as const;

export type TDomainMemberRow = {
  role: DomainRole;
  createdAt: Date;
  user: {
    id: string;
    name: string;
    email: string;
    disabledAt: Date | null;
    orgMemberships: Array<{ disabledAt: Date | null }>;
  };
};

export function toDomainMember(row: TDomainMemberRow): TDomainMember {
  const inOrg = row.user.orgMemberships[0];
  return {
    userId: row.user.id,
    name: row.user.name,
    email: row.user.email,
    role: row.role,
    disabled: Boolean(row.user.disabledAt || !inOrg || inOrg.disabledAt),
    addedAt: row.createdAt.toISOString(),
  };
}
