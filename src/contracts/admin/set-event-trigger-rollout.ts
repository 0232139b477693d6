import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZOrganizationRollout } from "./event-trigger-rollout";

export const ZSetEventTriggerRolloutRequest = z.strictObject({
  orgId: ZUuid,
  enabled: z.boolean({ message: "must be true or false" }),
});
export type TSetEventTriggerRolloutRequest = z.infer<typeof ZSetEventTriggerRolloutRequest>;

export const ZSetEventTriggerRolloutResponse = z.object({ organization: ZOrganizationRollout });
export type TSetEventTriggerRolloutResponse = z.infer<typeof ZSetEventTriggerRolloutResponse>;
