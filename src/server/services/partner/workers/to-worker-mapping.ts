import type { TWorkerDomainRole, TWorkerMapping } from "@/contracts/partner/worker-mapping";

export const MAPPING_SELECT = {
  id: true,
  partnerSubject: true,
  displayName: true,
  userId: true,
  domainRoles: true,
  createdAt: true,
} as const;

type TMappingRow = {
  id: string;
  partnerSubject: string;
  displayName: string;
  userId: string;
  domainRoles: unknown;
  createdAt: Date;
};

/** The public shape of a mapping; domainRoles are stored in their wire form. */
export function toWorkerMapping(row: TMappingRow): TWorkerMapping {
  return {
    id: row.id,
    partnerSubject: row.partnerSubject,
    displayName: row.displayName,
    userId: row.userId,
    domainRoles: row.domainRoles as Array<{ domainId: string; role: TWorkerDomainRole }>,
    createdAt: row.createdAt.toISOString(),
  };
}
