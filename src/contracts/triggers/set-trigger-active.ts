import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZTrigger } from "./trigger";

export const ZSetTriggerActiveRequest = z.strictObject({ triggerId: ZUuid, active: z.boolean() });
export type TSetTriggerActiveRequest = z.infer<typeof ZSetTriggerActiveRequest>;

export const ZSetTriggerActiveResponse = z.object({ trigger: ZTrigger });
