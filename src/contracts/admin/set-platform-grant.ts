import { z } from "zod";
import { ZPlatformResponse } from "./platform";

export const ZSetPlatformGrantRequest = z.strictObject({ platformId: z.uuid(), provisioningEnabled: z.boolean() });
export const ZSetPlatformGrantResponse = ZPlatformResponse;

export type TSetPlatformGrantRequest = z.infer<typeof ZSetPlatformGrantRequest>;
export type TSetPlatformGrantResponse = z.infer<typeof ZSetPlatformGrantResponse>;
