import { z } from "zod";

/** A partner key (ykp_) as the console lists it: never the secret, only its public prefix. */
export const ZPartnerKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** A partner app: its id is the `appId` a lease is minted for. */
export const ZPartnerApp = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});

export const ZCredentialName = z.string().trim().min(1, "must not be blank").max(100, "must be at most 100 characters");

export type TPartnerKey = z.infer<typeof ZPartnerKey>;
export type TPartnerApp = z.infer<typeof ZPartnerApp>;
