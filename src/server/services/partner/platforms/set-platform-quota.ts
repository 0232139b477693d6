import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { PLATFORM_SELECT, platformNotFound, toPlatform } from "./to-platform";

/**
 * Changes the durable customer allowance. Spent quota is never given back, so the new value
 * cannot go below what is spent; the check and the write are one conditional UPDATE, so a
 * customer provisioned at the same moment cannot slip under it.
 */
export async function setPlatformQuota(platformId: string, customerQuota: number) {
  const updated = await db().partnerPlatform.updateMany({
    where: { id: platformId, customersProvisioned: { lte: customerQuota } },
    data: { customerQuota },
  });
  if (updated.count === 0) {
    const current = await db().partnerPlatform.findUnique({
      where: { id: platformId },
      select: { customersProvisioned: true },
    });
    if (!current) throw platformNotFound();
    const spent = current.customersProvisioned;
    throw new AppError("CONFLICT", `The quota cannot go below ${spent}: that many customers exist already.`, {
      details: { customersProvisioned: spent },
    });
  }
  const row = await db().partnerPlatform.findUniqueOrThrow({ where: { id: platformId }, select: PLATFORM_SELECT });
  return { platform: toPlatform(row) };
}
