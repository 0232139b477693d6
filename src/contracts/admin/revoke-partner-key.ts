import { z } from "zod";
import { ZPartnerKey } from "./partner-key";

export const ZRevokePartnerKeyRequest = z.strictObject({ platformId: z.uuid(), keyId: z.uuid() });
export const ZRevokePartnerKeyResponse = z.object({ key: ZPartnerKey });

export type TRevokePartnerKeyRequest = z.infer<typeof ZRevokePartnerKeyRequest>;
export type TRevokePartnerKeyResponse = z.infer<typeof ZRevokePartnerKeyResponse>;
