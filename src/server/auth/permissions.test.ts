import { describe, expect, it } from "vitest";
import { addDomainMember, actorIn, createDomain } from "../../../test/factories";
import type { DomainRole } from "@/server/db/generated/enums";
import {
  assertCan,
  assertOrgAdmin,
  canApprove,
  canDriveSessions,
  canEditAutomation,
  canExecute,
  canManageKnowledge,
  canViewDomain,
  isOrgAdmin,
} from "./permissions";

const EXPECTED: Record<DomainRole, Record<string, boolean>> = {
  OWNER: { view: true, edit: true, knowledge: true, execute: true, drive: true, approve: true },
  EDITOR: { view: true, edit: true, knowledge: true, execute: true, drive: true, approve: true },
  OPERATOR: { view: true, edit: false, knowledge: false, execute: true, drive: true, approve: true },
  VIEWER: { view: true, edit: false, knowledge: false, execute: false, drive: false, approve: false },
};

describe("domain permissions", () => {
  it.each(Object.keys(EXPECTED) as DomainRole[])("a domain %s has exactly its role's permissions", async (role) => {
    const { actor, domain } = await actorIn({ domainRole: role });
    expect({
      view: await canViewDomain(actor, domain.id),
      edit: await canEditAutomation(actor, domain.id),
      knowledge: await canManageKnowledge(actor, domain.id),
      execute: await canExecute(actor, domain.id),
      drive: await canDriveSessions(actor, domain.id),
      approve: await canApprove(actor, domain.id),
    }).toEqual(EXPECTED[role]);
  });

  it("gives an organization Owner or Admin no domain permission without domain membership", async () => {
    for (const orgRole of ["OWNER", "ADMIN"] as const) {
      const { actor, domain } = await actorIn({ orgRole, domainRole: null });
      expect(await canViewDomain(actor, domain.id)).toBe(false);
      expect(await canEditAutomation(actor, domain.id)).toBe(false);
      await expect(assertCan(actor, "edit_automation", domain.id)).rejects.toMatchObject({
        code: "FORBIDDEN",
        status: 403,
      });
    }
  });

  it("reads the role per domain", async () => {
    const { actor, organization, domain } = await actorIn({ domainRole: "VIEWER" });
    const other = await createDomain(organization.id, "Sales");
    await addDomainMember(other.id, actor.userId, "EDITOR");
    expect(await canEditAutomation(actor, domain.id)).toBe(false);
    expect(await canEditAutomation(actor, other.id)).toBe(true);
  });

  it("answers 404 for another organization's domain and for unknown ids, 403 for a known one", async () => {
    const mine = await actorIn({ domainRole: "VIEWER" });
    const theirs = await actorIn({ domainRole: "OWNER" });
    await expect(assertCan(mine.actor, "view", theirs.domain.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      status: 404,
    });
    await expect(assertCan(mine.actor, "view", crypto.randomUUID())).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(assertCan(mine.actor, "execute", mine.domain.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(assertCan(mine.actor, "view", mine.domain.id)).resolves.toBeUndefined();
  });

  it("sees a role change at once (nothing is cached)", async () => {
    const { actor, domain } = await actorIn({ domainRole: "VIEWER" });
    expect(await canExecute(actor, domain.id)).toBe(false);
    const { db } = await import("@/server/db/client");
    await db().domainMembership.updateMany({
      where: { domainId: domain.id, userId: actor.userId },
      data: { role: "OPERATOR" },
    });
    expect(await canExecute(actor, domain.id)).toBe(true);
  });
});

describe("organization administration", () => {
  it("belongs to Owners and Admins only", async () => {
    for (const [orgRole, admin] of [
      ["OWNER", true],
      ["ADMIN", true],
      ["MEMBER", false],
    ] as const) {
      const { actor } = await actorIn({ orgRole });
      expect(isOrgAdmin(actor)).toBe(admin);
      if (admin) expect(() => assertOrgAdmin(actor)).not.toThrow();
      else expect(() => assertOrgAdmin(actor)).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
    }
  });
});
