import { createHash, randomBytes } from "node:crypto";
import { db } from "@/server/db/client";
import { publicBaseUrl } from "@/server/env";
import { checkReturnTo } from "@/server/oauth/return-to";
import type { TConnectionProvider } from "@/server/oauth/presets";
import { readWorker, type TWorkerTarget } from "@/server/services/assistant/workers/read-worker";
import { chooseClient } from "./choose-client";

/** A connect link works once and lasts 10 minutes (spec 8). */
export const CONNECT_LINK_TTL_MS = 10 * 60 * 1000;

export const hashSecret = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/**
 * POST /workers/{w}/connections/{provider}/start: a single-use link on the service's own host
 * that starts the provider's authorization. The token is random (256 bits) and stored only as
 * its SHA-256, so the answer is the only place it exists; a retry mints another link (an
 * Idempotency-Key replay could only answer the same link by storing it). The app is chosen now,
 * so a missing one is this call's 400 and not the end user's dead end.
 */
export async function startConnection(
  target: TWorkerTarget & { provider: TConnectionProvider; returnTo: string },
): Promise<{ authorize_url: string; expires_at: string }> {
  const worker = await readWorker(target);
  const platform = await db().partnerPlatform.findUniqueOrThrow({
    where: { id: target.platformId },
    select: { returnUrls: true },
  });
  const returnTo = checkReturnTo(target.returnTo, platform.returnUrls);
  const client = await chooseClient(worker.organizationId, target.provider);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + CONNECT_LINK_TTL_MS);
  await db().connectLink.create({
    data: {
      organizationId: worker.organizationId,
      workerId: worker.id,
      provider: target.provider,
      tokenHash: hashSecret(token),
      returnTo,
      appSource: client.appSource,
      preset: client.preset,
      expiresAt,
    },
    select: { id: true },
  });
  return { authorize_url: `${publicBaseUrl()}/connect/${token}`, expires_at: expiresAt.toISOString() };
}
