import { describe, expect, it } from "vitest";
import { actorIn } from "../../../../test/factories";
import { db } from "@/server/db/client";
import { getOrganizationSettings, updateOrganizationSettings } from "./organization-settings";

const settingsAuditOf = (organizationId: string) =>
  db().auditEntry.findMany({
    where: { organizationId, kind: "settings.changed" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { actorUserId: true, subjectType: true, summary: true, data: true },
  });

describe("updateOrganizationSettings", () => {
  it("renames the organization and logs old -> new once; the same name logs nothing", async () => {
    const { actor, organization } = await actorIn({ orgRole: "ADMIN" });
    expect(await updateOrganizationSettings(actor, { name: "Renamed Inc" })).toEqual({
      id: organization.id,
      name: "Renamed Inc",
      canEdit: true,
    });
    await updateOrganizationSettings(actor, { name: "Renamed Inc" });
    expect(await settingsAuditOf(organization.id)).toEqual([
      {
        actorUserId: actor.userId,
        subjectType: "organization",
        summary: `Renamed the organization from "${organization.name}" to "Renamed Inc"`,
        data: { changes: { name: { from: organization.name, to: "Renamed Inc" } } },
      },
    ]);
  });

  it("refuses a Member (403), changes nothing and logs nothing", async () => {
    const { actor, organization } = await actorIn({ orgRole: "MEMBER" });
    await expect(updateOrganizationSettings(actor, { name: "Taken over" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      status: 403,
    });
    expect((await getOrganizationSettings(actor)).name).toBe(organization.name);
    expect(await settingsAuditOf(organization.id)).toEqual([]);
  });
});
