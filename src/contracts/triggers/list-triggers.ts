import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZTrigger } from "./trigger";

export const ZTriggerSubscriber = z.object({
  automationId: ZUuid,
  name: z.string(),
  kind: z.enum(["agent", "flow"]),
  /** Scheduled and event firings refuse it (no caller exists); the console warns. */
  callerRequired: z.boolean(),
});
export type TTriggerSubscriber = z.infer<typeof ZTriggerSubscriber>;

export const ZListTriggersRequest = z.strictObject({ domainId: ZUuid });

export const ZTriggerWithSubscribers = z.object({ trigger: ZTrigger, subscribers: z.array(ZTriggerSubscriber) });
export type TTriggerWithSubscribers = z.infer<typeof ZTriggerWithSubscribers>;

export const ZListTriggersResponse = z.object({ triggers: z.array(ZTriggerWithSubscribers) });
export type TListTriggersResponse = z.infer<typeof ZListTriggersResponse>;
