import { z } from "zod";
import { ZPlatformResponse } from "./platform";

/** Replaces the whole list; the service checks each is an absolute http(s) URL. */
export const ZSetReturnUrlsRequest = z.strictObject({
  platformId: z.uuid(),
  returnUrls: z
    .array(z.string().trim().min(1).max(2000, "At most 2,000 characters per URL"))
    .max(20, "At most 20 return URLs"),
});
export const ZSetReturnUrlsResponse = ZPlatformResponse;

export type TSetReturnUrlsRequest = z.infer<typeof ZSetReturnUrlsRequest>;
export type TSetReturnUrlsResponse = z.infer<typeof ZSetReturnUrlsResponse>;
