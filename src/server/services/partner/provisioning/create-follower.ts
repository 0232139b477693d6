import { randomUUID } from "node:crypto";
import type { TFollowerRecord } from "@/contracts/partner/follower-record";
import type { TProvisionOrganizationRequest } from "@/contracts/partner/provision-organization";
import { generatePassword, hashPassword } from "@/server/auth/password";
import { db, type TTransaction } from "@/server/db/client";
import { enqueue } from "@/server/jobs/enqueue";
import {
  INVITATION_LIFETIME_MS,
  invitationUrl,
  mintInvitationToken,
} from "@/server/services/partner/invitations/invitation-token";
import { applyDomains } from "@/server/services/partner/onboarding/apply-steps";
import { EMPTY_BLUEPRINT, planOnboarding } from "@/server/services/partner/onboarding/blueprint";
import { ZTemplateBlueprint } from "@/server/services/partner/templates/blueprint";
import { completeClaim } from "./provisioning-claims";
import { FOLLOWER_RECORD_SELECT, toFollowerRecord } from "./follower-record";
import { identifierTaken, quotaExhausted, type TApplicableRelease } from "./provisioning-checks";

/** The sign-in email of an owner who has none yet: unroutable (RFC 2606), unique per customer. */
export const placeholderOwnerEmail = (orgId: string) => `owner+${orgId}@followers.invalid`;

export type TCreateFollowerOptions = {
  platformId: string;
  claimId: string;
  body: TProvisionOrganizationRequest;
  release: TApplicableRelease;
  now: Date;
};

const uniqueTarget = (error: unknown): string => JSON.stringify((error as { meta?: unknown } | null)?.meta ?? "");
const isSlugViolation = (error: unknown) =>
  (error as { code?: string } | null)?.code === "P2002" && /slug/.test(uniqueTarget(error));

/**
 * The request's one transaction: organization, follower record (PENDING), owner with an
 * unusable password, Owner membership, hashed invitation, quota spend, the claim's replayable
 * outcome (without the invitation) and the onboarding job. Races lost to a concurrent request
 * become the named refusal they are (segment taken, allowance spent), with nothing written.
 */
export async function createFollower(options: TCreateFollowerOptions): Promise<TFollowerRecord> {
  const orgId = randomUUID();
  const passwordHash = await hashPassword(generatePassword());
  const invitation = mintInvitationToken();
  const expiresAt = new Date(options.now.getTime() + INVITATION_LIFETIME_MS);
  try {
    const record = await db().$transaction(async (tx) => {
      const followerId = await writeCustomer(tx, { ...options, orgId, passwordHash, invitation, expiresAt });
      const row = await tx.follower.findUniqueOrThrow({ where: { id: followerId }, select: FOLLOWER_RECORD_SELECT });
      const stored = toFollowerRecord(row, null);
      await completeClaim(tx, options.claimId, stored);
      await enqueue(tx, { kind: "onboarding", followerId });
      return stored;
    });
    return {
      ...record,
      owner: {
        ...record.owner,
        invitation: { url: invitationUrl(invitation.token), expiresAt: expiresAt.toISOString() },
      },
    };
  } catch (error) {
    if (isSlugViolation(error)) {
      const taken = await db().organization.findUnique({
        where: { slug: options.body.clientSegment },
        select: { id: true, follower: { select: { platformId: true, onboardingStatus: true } } },
      });
      throw identifierTaken(options.platformId, options.body.clientSegment, taken);
    }
    throw error;
  }
}

type TWriteOptions = TCreateFollowerOptions & {
  orgId: string;
  passwordHash: string;
  invitation: { prefix: string; secretHash: string };
  expiresAt: Date;
};

async function writeCustomer(tx: TTransaction, options: TWriteOptions): Promise<string> {
  const { body, orgId } = options;
  await tx.organization.create({
    data: { id: orgId, name: body.clientName, slug: body.clientSegment, createdAt: options.now },
  });
  await spendQuota(tx, options.platformId);
  const owner = await tx.user.create({
    data: { email: placeholderOwnerEmail(orgId), name: body.ownerName, passwordHash: options.passwordHash },
    select: { id: true },
  });
  await tx.organizationMembership.create({ data: { organizationId: orgId, userId: owner.id, role: "OWNER" } });
  await tx.ownerInvitation.create({
    data: {
      userId: owner.id,
      organizationId: orgId,
      prefix: options.invitation.prefix,
      secretHash: options.invitation.secretHash,
      expiresAt: options.expiresAt,
    },
  });
  const follower = await tx.follower.create({
    data: {
      platformId: options.platformId,
      organizationId: orgId,
      clientName: body.clientName,
      clientSegment: body.clientSegment,
      directLoginDisabled: body.directLoginDisabled,
      ownerName: body.ownerName,
      ownerUserId: owner.id,
      domainName: body.domainName,
      releaseId: options.release?.releaseId ?? null,
      createdAt: options.now,
    },
    select: { id: true },
  });
  await createDomains(tx, options, owner.id);
  return follower.id;
}

/**
 * The release's domains, created with the customer so that the first answer names them with
 * their ids (issue 40). Onboarding's `domains` step upserts the same slugs later: a no-op then.
 */
async function createDomains(tx: TTransaction, options: TWriteOptions, ownerUserId: string): Promise<void> {
  const release = options.release
    ? await tx.templateRelease.findUniqueOrThrow({
        where: { id: options.release.releaseId },
        select: { blueprint: true },
      })
    : null;
  const blueprint = release ? ZTemplateBlueprint.parse(release.blueprint) : EMPTY_BLUEPRINT;
  const plan = planOnboarding(blueprint, options.body.domainName);
  await applyDomains(tx, { organizationId: options.orgId, ownerUserId, plan, changeNote: "Provisioning" });
}

/** One unit of the durable allowance, spent with a conditional update: concurrent requests cannot overspend. */
async function spendQuota(tx: TTransaction, platformId: string): Promise<void> {
  const { count } = await tx.partnerPlatform.updateMany({
    where: { id: platformId, customersProvisioned: { lt: tx.partnerPlatform.fields.customerQuota } },
    data: { customersProvisioned: { increment: 1 } },
  });
  if (count === 1) return;
  const platform = await tx.partnerPlatform.findUniqueOrThrow({
    where: { id: platformId },
    select: { customerQuota: true },
  });
  throw quotaExhausted(platform.customerQuota);
}
