import { z } from "zod";
import { ZCustomerQuota, ZPlatformResponse } from "./platform";

export const ZSetPlatformQuotaRequest = z.strictObject({ platformId: z.uuid(), customerQuota: ZCustomerQuota });
export const ZSetPlatformQuotaResponse = ZPlatformResponse;

export type TSetPlatformQuotaRequest = z.infer<typeof ZSetPlatformQuotaRequest>;
export type TSetPlatformQuotaResponse = z.infer<typeof ZSetPlatformQuotaResponse>;
