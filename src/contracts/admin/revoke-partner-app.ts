import { z } from "zod";
import { ZPartnerApp } from "./partner-key";

export const ZRevokePartnerAppRequest = z.strictObject({ platformId: z.uuid(), appId: z.uuid() });
export const ZRevokePartnerAppResponse = z.object({ app: ZPartnerApp });

export type TRevokePartnerAppRequest = z.infer<typeof ZRevokePartnerAppRequest>;
export type TRevokePartnerAppResponse = z.infer<typeof ZRevokePartnerAppResponse>;
