import type { TUserActor } from "@/server/auth/actor";
import { mintSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import type { DomainRole, OrgRole } from "@/server/db/generated/enums";
import {
  addDomainMember,
  addOrgMember,
  createDomain,
  createOrganization,
  createUser,
} from "../../../../test/factories";
import { createArticle } from "./create-article";
import { ensureKnowledgeBases } from "./ensure-knowledge-bases";
import { publishArticle } from "./publish-article";

/**
 * Test world for the knowledge tests (imported by *.test.ts only): an organization with two
 * domains, one person per role with a real personal key (yk_) and access token (yku_), and
 * its three knowledge bases.
 */

type TPersonPlan = { orgRole: OrgRole; domains: Array<["ops" | "sales", DomainRole]> };

const PEOPLE = {
  owner: {
    orgRole: "OWNER",
    domains: [
      ["ops", "OWNER"],
      ["sales", "OWNER"],
    ],
  },
  editor: { orgRole: "MEMBER", domains: [["ops", "EDITOR"]] },
  operator: { orgRole: "MEMBER", domains: [["ops", "OPERATOR"]] },
  viewer: { orgRole: "MEMBER", domains: [["ops", "VIEWER"]] },
  outsider: { orgRole: "MEMBER", domains: [] },
  orgAdmin: { orgRole: "ADMIN", domains: [] },
} satisfies Record<string, TPersonPlan>;

export type TWorldPerson = { actor: TUserActor; apiKey: string; userToken: string };

async function person(
  orgId: string,
  domainIds: Record<"ops" | "sales", string>,
  plan: TPersonPlan,
): Promise<TWorldPerson> {
  const user = await createUser();
  await addOrgMember(orgId, user.id, plan.orgRole);
  for (const [domain, role] of plan.domains) await addDomainMember(domainIds[domain], user.id, role);
  const key = mintSecret("api_key");
  await db().apiKey.create({
    data: { userId: user.id, organizationId: orgId, name: "test", prefix: key.prefix, secretHash: key.secretHash },
  });
  const token = mintSecret("user_token");
  await db().accessToken.create({
    data: {
      userId: user.id,
      organizationId: orgId,
      prefix: token.prefix,
      secretHash: token.secretHash,
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  const actor: TUserActor = {
    kind: "user",
    userId: user.id,
    email: user.email,
    name: user.name,
    orgId,
    orgRole: plan.orgRole,
    via: "api_key",
    credentialId: null,
  };
  return { actor, apiKey: key.token, userToken: token.token };
}

export async function knowledgeWorld(name = "Acme") {
  const organization = await createOrganization(name);
  const ops = await createDomain(organization.id, "Ops");
  const sales = await createDomain(organization.id, "Sales");
  const domainIds = { ops: ops.id, sales: sales.id };
  const people = {} as Record<keyof typeof PEOPLE, TWorldPerson>;
  for (const [key, plan] of Object.entries(PEOPLE) as Array<[keyof typeof PEOPLE, TPersonPlan]>) {
    people[key] = await person(organization.id, domainIds, plan);
  }
  await ensureKnowledgeBases(organization.id);
  const bases = await db().knowledgeBase.findMany({
    where: { organizationId: organization.id },
    select: { id: true, domainId: true },
  });
  const baseOf = (domainId: string | null) => bases.find((base) => base.domainId === domainId)!.id;
  return {
    organization,
    ops,
    sales,
    people,
    owner: people.owner.actor,
    bases: { org: baseOf(null), ops: baseOf(ops.id), sales: baseOf(sales.id) },
  };
}

export type TKnowledgeWorld = Awaited<ReturnType<typeof knowledgeWorld>>;

/** An article created and published by the world's owner (who may manage every base). */
export async function publishedArticle(
  world: TKnowledgeWorld,
  baseId: string,
  title: string,
  draftBody: string | null = null,
) {
  const article = await createArticle(world.owner, { baseId, title, draftBody });
  await publishArticle(world.owner, { id: article.id });
  return article;
}

/** A personal key of the actor that has been revoked. */
export async function revokedApiKey(actor: TUserActor): Promise<string> {
  const key = mintSecret("api_key");
  await db().apiKey.create({
    data: {
      userId: actor.userId,
      organizationId: actor.orgId,
      name: "revoked",
      prefix: key.prefix,
      secretHash: key.secretHash,
      revokedAt: new Date(),
    },
  });
  return key.token;
}

/** An access token of the actor that expired a second ago. */
export async function expiredUserToken(actor: TUserActor): Promise<string> {
  const token = mintSecret("user_token");
  await db().accessToken.create({
    data: {
      userId: actor.userId,
      organizationId: actor.orgId,
      prefix: token.prefix,
      secretHash: token.secretHash,
      expiresAt: new Date(Date.now() - 1000),
    },
  });
  return token.token;
}
