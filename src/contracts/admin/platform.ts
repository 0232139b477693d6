import { z } from "zod";

export const ZPlatformStatus = z.enum(["ACTIVE", "SUSPENDED"]);

/** A partner platform as the operators' console shows it. */
export const ZPlatform = z.object({
  id: z.uuid(),
  name: z.string(),
  status: ZPlatformStatus,
  /** The grant: whether the platform's keys may create customers. */
  provisioningEnabled: z.boolean(),
  customerQuota: z.number().int(),
  customersProvisioned: z.number().int(),
  followerCount: z.number().int(),
  returnUrls: z.array(z.string()),
  provisioningTemplateId: z.uuid().nullable(),
  createdAt: z.string(),
});

export const ZPlatformIdRequest = z.strictObject({ platformId: z.uuid() });
export const ZPlatformResponse = z.object({ platform: ZPlatform });

export const ZPlatformName = z.string().trim().min(1, "must not be blank").max(100, "must be at most 100 characters");
export const ZCustomerQuota = z
  .number()
  .int("The quota is a whole number")
  .min(0, "The quota cannot be negative")
  .max(1_000_000, "At most 1,000,000");

export type TPlatform = z.infer<typeof ZPlatform>;
