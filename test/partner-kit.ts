import { randomUUID } from "node:crypto";
import { db } from "../src/server/db/client";
import { handleOpenApiRequest } from "../src/server/trpc/openapi-handler";
import { createPartnerApp } from "../src/server/services/partner/platforms/create-partner-app";
import { createPlatform, type TCreatePlatformOptions } from "../src/server/services/partner/platforms/create-platform";
import { issuePartnerKey } from "../src/server/services/partner/platforms/issue-partner-key";
import { addDomainMember, addOrgMember, createDomain, createOrganization, createUser } from "./factories";

/** A partner platform with one key and one app (provisioning allowed and quota left by default). */
export async function partnerPlatform(options: Partial<TCreatePlatformOptions> = {}) {
  const platform = await createPlatform({
    name: `Partner ${randomUUID().slice(0, 6)}`,
    provisioningEnabled: true,
    customerQuota: 10,
    ...options,
  });
  const { key, secret } = await issuePartnerKey(platform.id, "Test key");
  const app = await createPartnerApp(platform.id, "Test app");
  return { platform, keyId: key.id, key: secret, appId: app.id };
}

/**
 * A follower of the platform whose onboarding has completed, written directly (unit tests of
 * the partner routes that do not exercise provisioning itself): an organization with one domain
 * and its Owner.
 */
export async function seedFollower(platformId: string) {
  const organization = await createOrganization("Follower");
  const domain = await createDomain(organization.id, "Main");
  const owner = await createUser();
  await addOrgMember(organization.id, owner.id, "OWNER");
  await addDomainMember(domain.id, owner.id, "OWNER");
  const follower = await db().follower.create({
    data: {
      platformId,
      organizationId: organization.id,
      clientName: organization.name,
      clientSegment: organization.slug,
      directLoginDisabled: false,
      ownerName: owner.name,
      ownerUserId: owner.id,
      domainName: domain.name,
      onboardingStatus: "COMPLETED",
      onboardedAt: new Date(),
    },
  });
  return { follower, organization, domain, owner };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TPartnerResponse = { status: number; headers: Headers; body: any };

/**
 * One request to the /api/partner/v1 surface, exactly as the route handler serves it (the one
 * helper behind every partner test's own calling convention).
 */
export async function partnerRequest(
  method: string,
  path: string,
  options: { credential?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<TPartnerResponse> {
  const headers = new Headers(options.headers);
  if (options.credential) headers.set("authorization", `Bearer ${options.credential}`);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const response = await handleOpenApiRequest(
    new Request(`http://127.0.0.1/api/partner/v1${path}`, { method, headers, body }),
    "partner-v1",
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
