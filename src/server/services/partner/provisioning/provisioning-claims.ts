import { db, type TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";

/**
 * Idempotency-Key claims of POST /organizations (spec 4.7), one row per (partner key, key),
 * kept 7 days. The claim's COMPLETED outcome is written in the provisioning transaction itself,
 * so "the customer exists" and "the replay is stored" commit together or not at all.
 */
export const CLAIM_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A claim still IN_PROGRESS after this long belongs to an attempt that died before its
 * transaction committed (a commit would have made it COMPLETED): the next request takes it over.
 */
export const CLAIM_LEASE_MS = 60_000;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

export type TClaimRequest = { platformId: string; partnerKeyId: string; key: string; digest: string; now: Date };
export type TClaim = { kind: "claimed"; id: string } | { kind: "replay"; body: unknown };

/** Claims the key, or answers what a previous request under it decided. */
export async function claimKey(request: TClaimRequest, attempt = 0): Promise<TClaim> {
  try {
    const row = await db().provisioningClaim.create({
      data: {
        platformId: request.platformId,
        partnerKeyId: request.partnerKeyId,
        key: request.key,
        requestDigest: request.digest,
        expiresAt: new Date(request.now.getTime() + CLAIM_WINDOW_MS),
        createdAt: request.now,
      },
      select: { id: true },
    });
    return { kind: "claimed", id: row.id };
  } catch (error) {
    if (!isUniqueViolation(error) || attempt > 2) throw error;
  }
  const existing = await db().provisioningClaim.findUnique({
    where: { partnerKeyId_key: { partnerKeyId: request.partnerKeyId, key: request.key } },
    select: { id: true, requestDigest: true, state: true, responseBody: true, expiresAt: true, createdAt: true },
  });
  if (!existing) return claimKey(request, attempt + 1);
  const expired = existing.expiresAt <= request.now;
  const abandoned =
    existing.state === "IN_PROGRESS" && request.now.getTime() - existing.createdAt.getTime() > CLAIM_LEASE_MS;
  if (expired || (abandoned && existing.requestDigest === request.digest)) {
    // Expired: the first request after the window runs fresh. Abandoned: nothing committed.
    await db().provisioningClaim.deleteMany({ where: { id: existing.id, createdAt: existing.createdAt } });
    return claimKey(request, attempt + 1);
  }
  if (existing.requestDigest !== request.digest) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used with a different provisioning request in the last 7 days. Use a new key for a new request.",
    );
  }
  if (existing.state === "IN_PROGRESS") {
    throw new AppError(
      "IDEMPOTENCY_IN_PROGRESS",
      "The original request with this Idempotency-Key is still running. Retry in 2 seconds.",
      { headers: { "Retry-After": "2" } },
    );
  }
  if (existing.state === "INDETERMINATE") {
    throw new AppError(
      "IDEMPOTENCY_OUTCOME_UNKNOWN",
      "An earlier attempt under this Idempotency-Key failed after it may have created the customer, and no replay was stored. Do not retry blindly: look for the customer (GET /organizations/{orgId} or your records) before provisioning again under a new key.",
    );
  }
  return { kind: "replay", body: existing.responseBody };
}

/** A named refusal before the organization exists: the corrected request may reuse the key. */
export async function releaseClaim(claimId: string): Promise<void> {
  await db().provisioningClaim.deleteMany({ where: { id: claimId, state: "IN_PROGRESS" } });
}

/**
 * An unknown failure after execution began. If the transaction did commit, the claim is already
 * COMPLETED and stays so (retries replay); otherwise nobody can tell, and retries are told so.
 */
export async function markIndeterminate(claimId: string): Promise<void> {
  await db().provisioningClaim.updateMany({
    where: { id: claimId, state: "IN_PROGRESS" },
    data: { state: "INDETERMINATE" },
  });
}

/**
 * Stores the replayable outcome inside the provisioning transaction. A claim taken over meanwhile
 * (this attempt outlived its lease) is gone: this attempt then rolls back instead of committing
 * a second customer.
 */
export async function completeClaim(tx: TTransaction, claimId: string, body: object): Promise<void> {
  const { count } = await tx.provisioningClaim.updateMany({
    where: { id: claimId, state: "IN_PROGRESS" },
    data: { state: "COMPLETED", responseBody: body },
  });
  if (count !== 1)
    throw new AppError(
      "IDEMPOTENCY_IN_PROGRESS",
      "Another request took over this Idempotency-Key. Retry in 2 seconds.",
      { headers: { "Retry-After": "2" } },
    );
}
