import { randomUUID } from "node:crypto";
import type { TUserActor } from "../src/server/auth/actor";
import { hashPassword } from "../src/server/auth/password";
import { mintSecret } from "../src/server/auth/secret-token";
import { mintSessionCookie, SESSION_COOKIE } from "../src/server/auth/session-cookie";
import { db } from "../src/server/db/client";
import type { DomainRole, OrgRole } from "../src/server/db/generated/enums";

/** Small builders for integration tests: a real organization, domains and people. */
export async function createOrganization(name = "Test org") {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomUUID().slice(0, 8)}`;
  return db().organization.create({ data: { name, slug } });
}

export async function createDomain(organizationId: string, name = "Ops") {
  return db().domain.create({
    data: { organizationId, name, slug: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}` },
  });
}

export async function createUser(options: { password?: string; disabled?: boolean } = {}) {
  return db().user.create({
    data: {
      email: `user-${randomUUID()}@example.test`,
      name: "Test User",
      passwordHash: await hashPassword(options.password ?? "correct horse battery staple"),
      disabledAt: options.disabled ? new Date() : null,
    },
  });
}

export async function addOrgMember(organizationId: string, userId: string, role: OrgRole = "MEMBER") {
  return db().organizationMembership.create({ data: { organizationId, userId, role } });
}

export async function addDomainMember(domainId: string, userId: string, role: DomainRole) {
  return db().domainMembership.create({ data: { domainId, userId, role } });
}

/** An organization with one domain and a member of it in the given roles, as an actor. */
export async function actorIn(options: { orgRole?: OrgRole; domainRole?: DomainRole | null } = {}) {
  const organization = await createOrganization();
  const domain = await createDomain(organization.id);
  const user = await createUser();
  await addOrgMember(organization.id, user.id, options.orgRole ?? "MEMBER");
  if (options.domainRole !== null) await addDomainMember(domain.id, user.id, options.domainRole ?? "OWNER");
  const actor: TUserActor = {
    kind: "user",
    userId: user.id,
    email: user.email,
    name: user.name,
    orgId: organization.id,
    orgRole: options.orgRole ?? "MEMBER",
    via: "api_key",
    credentialId: null,
  };
  return { organization, domain, user, actor };
}

/** A user who belongs to a new organization with the given role (no domain). */
export async function memberOfNewOrg(orgRole: OrgRole = "MEMBER", options: { password?: string } = {}) {
  const organization = await createOrganization();
  const user = await createUser(options);
  await addOrgMember(organization.id, user.id, orgRole);
  return { organization, user };
}

/** A personal API key row minted the way the service mints them; returns the secret too. */
export async function createApiKeyFor(
  userId: string,
  organizationId: string,
  options: { revoked?: boolean; name?: string } = {},
) {
  const secret = mintSecret("api_key");
  const row = await db().apiKey.create({
    data: {
      userId,
      organizationId,
      name: options.name ?? "Test key",
      prefix: secret.prefix,
      secretHash: secret.secretHash,
      revokedAt: options.revoked ? new Date() : null,
    },
  });
  return { token: secret.token, row };
}

/** Headers carrying a bearer secret. */
export function bearerHeaders(token: string): Headers {
  return new Headers({ authorization: `Bearer ${token}` });
}

/** Headers carrying a service_session cookie for the user, with orgId selected (or none). */
export async function cookieHeaders(userId: string, orgId: string | null): Promise<Headers> {
  return new Headers({ cookie: `${SESSION_COOKIE}=${await mintSessionCookie({ sub: userId, orgId })}` });
}

/** A token of the same kind and lookup prefix whose secret part differs in its last character. */
export function withWrongSecret(token: string): string {
  const last = token.at(-1);
  return `${token.slice(0, -1)}${last === "a" ? "b" : "a"}`;
}

/** A short-lived user token row (yku_) minted the way the service mints them. */
export async function createAccessTokenFor(
  userId: string,
  organizationId: string,
  expiresAt = new Date(Date.now() + 60 * 60 * 1000),
) {
  const secret = mintSecret("user_token");
  const row = await db().accessToken.create({
    data: { userId, organizationId, prefix: secret.prefix, secretHash: secret.secretHash, expiresAt },
  });
  return { token: secret.token, row };
}
