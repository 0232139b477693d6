import type {
  TDisableIntegrationRequest,
  TDisableIntegrationResponse,
} from "@/contracts/integrations/disable-integration";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";

/**
 * Marks a custom integration unavailable: hidden from search, 404 on read, no longer
 * offered to new agents. The row stays, so agents and revisions that name it keep their
 * history (and publishing them reports the unresolved reference). Disabling twice is a no-op.
 */
export async function disableIntegration(
  actor: TUserActor,
  input: TDisableIntegrationRequest,
): Promise<TDisableIntegrationResponse> {
  assertOrgAdmin(actor);
  if (input.id.startsWith("service.")) throw new AppError("VALIDATION", "Built-in integrations cannot be disabled.");
  const row = await db().customIntegration.findUnique({
    where: { id: input.id },
    select: { organizationId: true, disabledAt: true },
  });
  if (!row || row.organizationId !== actor.orgId) throw notFound("integration");
  if (row.disabledAt) return { id: input.id, disabledAt: row.disabledAt.toISOString() };
  const updated = await db().customIntegration.update({
    where: { id: input.id },
    data: { disabledAt: new Date() },
    select: { disabledAt: true },
  });
  return { id: input.id, disabledAt: updated.disabledAt!.toISOString() };
}
