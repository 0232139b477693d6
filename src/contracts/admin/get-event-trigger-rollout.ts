import { z } from "zod";
import { ZOrganizationRollout } from "./event-trigger-rollout";

export const ZGetEventTriggerRolloutResponse = z.object({
  /** "Event triggers for every organization": on, every organization has them whatever its own switch. */
  instanceEnabled: z.boolean(),
  organizations: z.array(ZOrganizationRollout),
});
export type TGetEventTriggerRolloutResponse = z.infer<typeof ZGetEventTriggerRolloutResponse>;
