import { toWireAssistantConfig } from "@/contracts/assistant/assistant-config";
import {
  putAssistantConfigMeta,
  ZPutAssistantConfigRequest,
  ZPutAssistantConfigResponse,
} from "@/contracts/assistant/put-assistant-config";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { putAssistantConfig as putAssistantConfigService } from "@/server/services/assistant/config/put-assistant-config";
import { partnerProcedure } from "@/server/trpc/procedures";

/** PUT /api/partner/v1/organizations/{orgId}/assistant-config (ykp_): 200 with the config as GET reads it. */
export const putAssistantConfig = partnerProcedure
  .meta(putAssistantConfigMeta)
  .input(ZPutAssistantConfigRequest)
  .output(ZPutAssistantConfigResponse)
  .mutation(async ({ ctx, input }) => {
    const { orgId, assistant_automation_id, webhook } = input;
    const idempotencyKey = idempotencyKeyOf(ctx.req.headers, undefined);
    const outcome = await putAssistantConfigService({
      platformId: ctx.actor.platformId,
      orgId,
      idempotencyKey,
      change: { assistantAutomationId: assistant_automation_id, webhook },
    });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
    return toWireAssistantConfig(outcome.body);
  });
