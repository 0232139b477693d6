import { randomUUID } from "node:crypto";
import { createDomain, createOrganization } from "../../../../test/factories";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { DomainRole, OrgRole } from "@/server/db/generated/enums";

// Test helpers for this folder only: an organization like the fixture world's Acme.

/**
 * A person of the organization with the given roles. No password, key or token: these services
 * take the actor, and hashing passwords would cost most of the test's time.
 */
export async function person(
  organizationId: string,
  orgRole: OrgRole,
  domains: Array<[domainId: string, role: DomainRole]>,
): Promise<{ actor: TUserActor }> {
  const user = await db().user.create({
    data: {
      email: `person-${randomUUID()}@example.test`,
      name: "Test User",
      passwordHash: "unused",
      orgMemberships: { create: { organizationId, role: orgRole } },
      domainMemberships: { create: domains.map(([domainId, role]) => ({ domainId, role })) },
    },
  });
  const actor: TUserActor = {
    kind: "user",
    userId: user.id,
    email: user.email,
    name: user.name,
    orgId: organizationId,
    orgRole,
    via: "cookie",
    credentialId: null,
  };
  return { actor };
}

/** Acme with two domains (ops, sales) and one person per kind of standing; Globex beside it. */
export async function domainsWorld() {
  const acme = await createOrganization("Acme");
  const ops = await createDomain(acme.id, "Ops");
  const sales = await createDomain(acme.id, "Sales");
  const globex = await createOrganization("Globex");
  const main = await createDomain(globex.id, "Main");
  const [owner, orgAdmin, opsOwner, editor, viewer, member, globexOwner] = await Promise.all([
    person(acme.id, "OWNER", [
      [ops.id, "OWNER"],
      [sales.id, "OWNER"],
    ]),
    person(acme.id, "ADMIN", []),
    person(acme.id, "MEMBER", [[ops.id, "OWNER"]]),
    person(acme.id, "MEMBER", [[ops.id, "EDITOR"]]),
    person(acme.id, "MEMBER", [[ops.id, "VIEWER"]]),
    person(acme.id, "MEMBER", []),
    person(globex.id, "OWNER", [[main.id, "OWNER"]]),
  ]);
  return {
    acme: { id: acme.id, ops: ops.id, sales: sales.id },
    globex: { id: globex.id, main: main.id },
    people: {
      /** Organization Owner; Owner of ops and sales. */
      owner: owner!,
      /** Organization Admin with no domain role. */
      orgAdmin: orgAdmin!,
      /** Organization Member; Owner of ops. */
      opsOwner: opsOwner!,
      editor: editor!,
      viewer: viewer!,
      /** Organization Member with no domain role. */
      member: member!,
      globexOwner: globexOwner!,
    },
  };
}

/** A unique domain name, so tests never collide on the organization's one-name rule. */
export const uniqueName = (prefix = "Domain") => `${prefix} ${randomUUID().slice(0, 8)}`;

/** The organization's audit entries of one kind, oldest first. */
export function auditOf(orgId: string, kind: string) {
  return db().auditEntry.findMany({
    where: { organizationId: orgId, kind },
    orderBy: { createdAt: "asc" },
    select: { actorUserId: true, subjectType: true, subjectId: true, summary: true, data: true },
  });
}

/** An active trigger in the domain, the way a person would have created it. */
export function activeTrigger(orgId: string, domainId: string, type: "API" | "SCHEDULE", name: string) {
  return db().trigger.create({
    data: {
      organizationId: orgId,
      domainId,
      type,
      name,
      active: true,
      ...(type === "SCHEDULE" ? { cron: "* * * * *", timezone: "UTC", nextFireAt: new Date(Date.now() + 60_000) } : {}),
    },
    select: { id: true, name: true },
  });
}
