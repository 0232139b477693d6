import { createHash } from "node:crypto";
import type { TFollowerRecord } from "@/contracts/partner/follower-record";
import type { TProvisionOrganizationRequest } from "@/contracts/partner/provision-organization";
import type { TPartnerActor } from "@/server/auth/actor";
import { AppError } from "@/server/errors";
import { canonicalJson } from "@/server/idempotency/request-digest";
import { log } from "@/server/log";
import { createFollower } from "./create-follower";
import { checkProvisioning } from "./provisioning-checks";
import { claimKey, markIndeterminate, releaseClaim } from "./provisioning-claims";

export type TProvisionOptions = {
  actor: TPartnerActor;
  /** The Idempotency-Key header, already checked for format by the router (null when absent). */
  idempotencyKey: string | null;
  body: TProvisionOrganizationRequest;
  now?: Date;
};

export type TProvisionOutcome = { body: TFollowerRecord; replayed: boolean };

/** Request equality: the whole (trimmed, validated) body; the key itself is excluded. */
export const provisioningDigest = (body: TProvisionOrganizationRequest) =>
  createHash("sha256").update(canonicalJson(body)).digest("hex");

/**
 * POST /api/partner/v1/organizations (spec 4.7). Malformed requests never reach here (the
 * contract and the router refuse them), so a claim exists only for a well-formed request.
 */
export async function provisionOrganization(options: TProvisionOptions): Promise<TProvisionOutcome> {
  if (options.idempotencyKey === null) {
    throw new AppError(
      "VALIDATION",
      'The Idempotency-Key header is required: send one key (1-128 letters, digits, ".", "_", ":", "-") per provisioning request.',
      { details: { field: "Idempotency-Key" } },
    );
  }
  const now = options.now ?? new Date();
  const claim = await claimKey({
    platformId: options.actor.platformId,
    partnerKeyId: options.actor.keyId,
    key: options.idempotencyKey,
    digest: provisioningDigest(options.body),
    now,
  });
  if (claim.kind === "replay") return { body: claim.body as TFollowerRecord, replayed: true };
  try {
    const release = await checkProvisioning(options.actor.platformId, options.body.clientSegment);
    return {
      body: await createFollower({
        platformId: options.actor.platformId,
        claimId: claim.id,
        body: options.body,
        release,
        now,
      }),
      replayed: false,
    };
  } catch (error) {
    throw await settleFailure(claim.id, error);
  }
}

/**
 * Named refusals and our own refusals (e.g. the queue not running) happen before anything
 * commits: the key is free again. Anything else may have crossed the commit boundary: the
 * claim stays INDETERMINATE (unless the commit did happen, which leaves it COMPLETED).
 */
async function settleFailure(claimId: string, error: unknown): Promise<AppError> {
  if (error instanceof AppError) {
    await releaseClaim(claimId);
    return error;
  }
  log.error("provisioning failed after execution began", { claimId, error });
  await markIndeterminate(claimId).catch(() => undefined);
  return new AppError(
    "PROVISIONING_FAILED",
    "Provisioning could not complete and may have partly happened. Retrying this Idempotency-Key answers IDEMPOTENCY_OUTCOME_UNKNOWN; check your customers before provisioning again under a new key.",
    { cause: error },
  );
}
