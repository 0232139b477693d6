import {
  getAssistantConfigMeta,
  ZGetAssistantConfigRequest,
  ZGetAssistantConfigResponse,
} from "@/contracts/assistant/get-assistant-config";
import { toWireAssistantConfig } from "@/contracts/assistant/assistant-config";
import { readAssistantConfig } from "@/server/services/assistant/config/read-assistant-config";
import { partnerProcedure } from "@/server/trpc/procedures";

/** GET /api/partner/v1/organizations/{orgId}/assistant-config (ykp_). */
export const getAssistantConfig = partnerProcedure
  .meta(getAssistantConfigMeta)
  .input(ZGetAssistantConfigRequest)
  .output(ZGetAssistantConfigResponse)
  .query(async ({ ctx, input }) =>
    toWireAssistantConfig(await readAssistantConfig({ platformId: ctx.actor.platformId, orgId: input.orgId })),
  );
