import { z } from "zod";
import { ZCredentialName, ZPartnerApp } from "./partner-key";

export const ZCreatePartnerAppRequest = z.strictObject({ platformId: z.uuid(), name: ZCredentialName });
export const ZCreatePartnerAppResponse = z.object({ app: ZPartnerApp });

export type TCreatePartnerAppRequest = z.infer<typeof ZCreatePartnerAppRequest>;
export type TCreatePartnerAppResponse = z.infer<typeof ZCreatePartnerAppResponse>;
