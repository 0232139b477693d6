import { z } from "zod";
import { ZCredentialName, ZPartnerKey } from "./partner-key";

export const ZIssuePartnerKeyRequest = z.strictObject({ platformId: z.uuid(), name: ZCredentialName });
export const ZIssuePartnerKeyResponse = z.object({
  key: ZPartnerKey,
  /** The whole key, shown once; only its hash is stored. */
  secret: z.string().startsWith("ykp_"),
});

export type TIssuePartnerKeyRequest = z.infer<typeof ZIssuePartnerKeyRequest>;
export type TIssuePartnerKeyResponse = z.infer<typeof ZIssuePartnerKeyResponse>;
