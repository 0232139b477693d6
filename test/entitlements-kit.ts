import { db } from "../src/server/db/client";
import { mintSecret } from "../src/server/auth/secret-token";
import { person } from "./agents-kit";
import { partnerPlatform, partnerRequest, seedFollower, type TPartnerResponse } from "./partner-kit";

/** Helpers for the entitlements and support tests: partner HTTP calls in-process, leases, followers with people. */

export type { TPartnerResponse };

/** One request to the /api/partner/v1 surface, exactly as the route handler serves it. */
export function partnerApi(
  method: string,
  path: string,
  credential: string | null,
  body?: unknown,
): Promise<TPartnerResponse> {
  return partnerRequest(method, path, { credential, body });
}

/** A lease row as POST /token mints it (the route itself belongs to another area). */
export async function leaseFor(
  platformId: string,
  orgId: string,
  appId: string,
  options: { partnerSubject?: string; expiresAt?: Date } = {},
) {
  const secret = mintSecret("lease_token");
  await db().leaseToken.create({
    data: {
      platformId,
      organizationId: orgId,
      appId,
      partnerSubject: options.partnerSubject ?? null,
      prefix: secret.prefix,
      secretHash: secret.secretHash,
      expiresAt: options.expiresAt ?? new Date(Date.now() + 60 * 60 * 1000),
    },
  });
  return secret.token;
}

/** A platform and one follower with an Owner and an Operator holding real credentials. */
export async function partnerWithFollower() {
  const partner = await partnerPlatform();
  const { organization, domain } = await seedFollower(partner.platform.id);
  const owner = await person(organization.id, "OWNER", [[domain.id, "OWNER"]]);
  const operator = await person(organization.id, "MEMBER", [[domain.id, "OPERATOR"]]);
  return { partner, orgId: organization.id, domainId: domain.id, owner, operator };
}

/** The template's default for an automation, as onboarding writes it. */
export async function templateDefault(automationId: string, defaultEnabled: boolean) {
  const automation = await db().automation.findUniqueOrThrow({
    where: { id: automationId },
    select: { organizationId: true },
  });
  await db().automationEntitlement.create({
    data: { automationId, organizationId: automation.organizationId, defaultEnabled },
  });
}
