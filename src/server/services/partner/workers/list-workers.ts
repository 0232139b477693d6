import type { TListWorkersResponse } from "@/contracts/partner/list-workers";
import type { TPartnerActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { readFollower } from "@/server/services/partner/follower-access";
import { isUuid } from "@/server/services/partner/leases/ids";
import { MAPPING_SELECT, toWorkerMapping } from "./to-worker-mapping";

/** The worker mappings of one of the platform's customers, oldest first. */
export async function listWorkers(partner: TPartnerActor, o: { orgId: string }): Promise<TListWorkersResponse> {
  if (!isUuid(o.orgId)) throw notFound();
  await readFollower(partner.platformId, o.orgId);
  const rows = await db().workerMapping.findMany({
    where: { organizationId: o.orgId, platformId: partner.platformId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: MAPPING_SELECT,
  });
  return { items: rows.map(toWorkerMapping) };
}
