import type { TGetIntegrationRequest, TGetIntegrationResponse } from "@/contracts/integrations/get-integration";
import type { TUserActor } from "@/server/auth/actor";
import { notFound } from "@/server/errors";
import { findVisibleIntegration } from "@/server/integrations/catalog";
import { toIntegrationDetail } from "./to-integration";

/** One integration with its tools' input schemas; unknown, disabled and other-organization ids are one 404. */
export async function getIntegration(
  actor: TUserActor,
  input: TGetIntegrationRequest,
): Promise<TGetIntegrationResponse> {
  const integration = await findVisibleIntegration(actor.orgId, input.id);
  if (!integration) throw notFound("integration");
  return toIntegrationDetail(integration);
}
