import { db } from "../src/server/db/client";
import { mintSecret } from "../src/server/auth/secret-token";
import { handleOpenApiRequest } from "../src/server/trpc/openapi-handler";
import { person } from "./agents-kit";
import { partnerPlatform, seedFollower } from "./partner-kit";

/** Helpers for the entitlements and support tests: partner HTTP calls in-process, leases, followers with people. */

export type TPartnerResponse = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One request to the /api/partner/v1 surface, exactly as the route handler serves it. */
export async function partnerApi(method: string, path: string, credential: string | null, body?: unknown): Promise<TPartnerResponse> {
  const headers: Record<string, string> = {};
  if (credential) headers.authorization = `Bearer ${credential}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await handleOpenApiRequest(
    new Request(`http://127.0.0.1/api/partner/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    "partner-v1",
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A lease row as POST /token mints it (the route itself belongs to another area). */
export async function leaseFor(platformId: string, orgId: string, appId: string, options: { partnerSubject?: string; expiresAt?: Date } = {}) {
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
  const automation = await db().automation.findUniqueOrThrow({ where: { id: automationId }, select: { organizationId: true } });
  await db().automationEntitlement.create({ data: { automationId, organizationId: automation.organizationId, defaultEnabled } });
}
