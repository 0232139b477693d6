import { db } from "@/server/db/client";

export type TCreatePlatformOptions = { name: string; provisioningEnabled?: boolean; customerQuota?: number };

/** A new partner platform: active, with its grant and durable customer allowance. */
export async function createPlatform(options: TCreatePlatformOptions) {
  return db().partnerPlatform.create({
    data: { name: options.name, provisioningEnabled: options.provisioningEnabled ?? false, customerQuota: options.customerQuota ?? 0 },
    select: { id: true, name: true, status: true, provisioningEnabled: true, customerQuota: true, customersProvisioned: true, createdAt: true },
  });
}
