import { db } from "@/server/db/client";
import { PLATFORM_SELECT, toPlatform } from "./to-platform";

export type TCreatePlatformOptions = { name: string; provisioningEnabled?: boolean; customerQuota?: number };

/** A new partner platform: active, with its grant and durable customer allowance. */
export async function createPlatform(options: TCreatePlatformOptions) {
  const row = await db().partnerPlatform.create({
    data: {
      name: options.name,
      provisioningEnabled: options.provisioningEnabled ?? false,
      customerQuota: options.customerQuota ?? 0,
    },
    select: PLATFORM_SELECT,
  });
  return toPlatform(row);
}
