import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZTriggerSubscriber } from "./list-triggers";

/** Subscribe or unsubscribe one published agent or flow of the trigger's domain. */
export const ZTriggerSubscriptionRequest = z.strictObject({ triggerId: ZUuid, automationId: ZUuid });
export type TTriggerSubscriptionRequest = z.infer<typeof ZTriggerSubscriptionRequest>;

export const ZTriggerSubscriptionResponse = z.object({ subscribers: z.array(ZTriggerSubscriber) });
export type TTriggerSubscriptionResponse = z.infer<typeof ZTriggerSubscriptionResponse>;

/** Published agents and flows of a domain that a trigger there can fan out to. */
export const ZListSubscribableRequest = z.strictObject({ domainId: ZUuid });
export const ZListSubscribableResponse = z.object({ automations: z.array(ZTriggerSubscriber) });
export type TListSubscribableResponse = z.infer<typeof ZListSubscribableResponse>;
