import { mintSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";

export const ACCESS_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

type TCreateAccessTokenOptions = { userId: string; orgId: string; now?: Date };

/**
 * Mints a yku_ token for the user and organization of a console session. Only its hash is
 * stored; membership is re-read whenever it is used, so it never outlives the person's access.
 */
export async function createAccessToken({ userId, orgId, now = new Date() }: TCreateAccessTokenOptions) {
  const secret = mintSecret("user_token");
  const expiresAt = new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_MS);
  await db().$transaction(async (tx) => {
    // Expired tokens are useless; dropping the user's old ones here keeps the table small.
    await tx.accessToken.deleteMany({ where: { userId, expiresAt: { lt: now } } });
    await tx.accessToken.create({
      data: { userId, organizationId: orgId, prefix: secret.prefix, secretHash: secret.secretHash, expiresAt },
    });
  });
  return { token: secret.token, expiresAt: expiresAt.toISOString() };
}
