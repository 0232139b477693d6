import { type z } from "zod";
import { ZPlatformIdRequest, ZPlatformResponse } from "./platform";

export const ZGetPlatformRequest = ZPlatformIdRequest;
export const ZGetPlatformResponse = ZPlatformResponse;

export type TGetPlatformRequest = z.infer<typeof ZGetPlatformRequest>;
export type TGetPlatformResponse = z.infer<typeof ZGetPlatformResponse>;
