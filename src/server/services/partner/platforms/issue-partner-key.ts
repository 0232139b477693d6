import { mintSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { PARTNER_KEY_SELECT, toPartnerKey } from "./list-partner-keys";
import { platformNotFound } from "./to-platform";

/** A partner key (ykp_) of the platform: the secret is returned once and stored only as a hash. */
export async function issuePartnerKey(platformId: string, name: string) {
  if (!(await db().partnerPlatform.findUnique({ where: { id: platformId }, select: { id: true } })))
    throw platformNotFound();
  const secret = mintSecret("partner_key");
  const row = await db().partnerKey.create({
    data: { platformId, name, prefix: secret.prefix, secretHash: secret.secretHash },
    select: PARTNER_KEY_SELECT,
  });
  return { key: toPartnerKey(row), secret: secret.token };
}
