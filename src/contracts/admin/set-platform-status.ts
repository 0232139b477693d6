import { z } from "zod";
import { ZPlatformResponse, ZPlatformStatus } from "./platform";

export const ZSetPlatformStatusRequest = z.strictObject({ platformId: z.uuid(), status: ZPlatformStatus });
export const ZSetPlatformStatusResponse = ZPlatformResponse;

export type TSetPlatformStatusRequest = z.infer<typeof ZSetPlatformStatusRequest>;
export type TSetPlatformStatusResponse = z.infer<typeof ZSetPlatformStatusResponse>;
