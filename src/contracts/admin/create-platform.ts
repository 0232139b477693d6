import { z } from "zod";
import { ZCustomerQuota, ZPlatform, ZPlatformName } from "./platform";

export const ZCreatePlatformRequest = z.strictObject({
  name: ZPlatformName,
  provisioningEnabled: z.boolean(),
  customerQuota: ZCustomerQuota,
});
export const ZCreatePlatformResponse = z.object({ platform: ZPlatform });

export type TCreatePlatformRequest = z.infer<typeof ZCreatePlatformRequest>;
export type TCreatePlatformResponse = z.infer<typeof ZCreatePlatformResponse>;
