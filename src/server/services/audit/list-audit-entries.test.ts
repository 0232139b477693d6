import { describe, expect, it } from "vitest";
import { actorIn, addOrgMember, createDomain, createOrganization, createUser } from "../../../../test/factories";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { createApiKey } from "@/server/services/api-keys/create-api-key";
import { revokeApiKey } from "@/server/services/api-keys/revoke-api-key";
import { listAuditActors } from "./list-audit-actors";
import { listAuditEntries } from "./list-audit-entries";
import { recordAudit, type TAuditEntry } from "./record-audit";

/** One entry written as the services write them, at a chosen instant. */
async function entryAt(entry: TAuditEntry, createdAt: Date): Promise<string> {
  await db().$transaction((tx) => recordAudit(tx, entry));
  const row = await db().auditEntry.findFirstOrThrow({
    where: { organizationId: entry.orgId, summary: entry.summary },
    select: { id: true },
  });
  await db().auditEntry.update({ where: { id: row.id }, data: { createdAt } });
  return row.id;
}

async function ownerOfNewOrg() {
  return actorIn({ orgRole: "OWNER" });
}

const page = (actor: TUserActor, input: Parameters<typeof listAuditEntries>[1] = {}) => listAuditEntries(actor, input);

describe("listAuditEntries", () => {
  it("lists newest first and breaks equal timestamps by id, so paging never repeats or skips an entry", async () => {
    const { actor } = await ownerOfNewOrg();
    const same = new Date("2026-03-01T10:00:00.000Z");
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push(
        await entryAt(
          {
            orgId: actor.orgId,
            actor,
            kind: "api_key.created",
            subject: { type: "api_key" },
            summary: `Same ${index}`,
          },
          same,
        ),
      );
    }
    const newest = await entryAt(
      { orgId: actor.orgId, actor, kind: "api_key.revoked", subject: { type: "api_key" }, summary: "Newest" },
      new Date("2026-03-02T10:00:00.000Z"),
    );
    const oldest = await entryAt(
      { orgId: actor.orgId, actor, kind: "api_key.revoked", subject: { type: "api_key" }, summary: "Oldest" },
      new Date("2026-02-01T10:00:00.000Z"),
    );
    const expected = [newest, ...[...ids].sort().reverse(), oldest];

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await page(actor, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...result.entries.map((entry) => entry.id));
      cursor = result.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(4);

    const whole = await page(actor);
    expect(whole.entries.map((entry) => entry.id)).toEqual(expected);
    expect(whole.nextCursor).toBeNull();
    expect(whole.entries[0]).toEqual({
      id: newest,
      createdAt: "2026-03-02T10:00:00.000Z",
      actorUserId: actor.userId,
      actorLabel: `${actor.name} <${actor.email}>`,
      kind: "api_key.revoked",
      summary: "Newest",
      subject: { type: "api_key", id: null },
      href: null,
    });
  });

  it("filters by person, by entries no person made, by kind and by area", async () => {
    const { actor, organization } = await ownerOfNewOrg();
    const colleague = await createUser();
    await addOrgMember(organization.id, colleague.id, "ADMIN");
    const other: TUserActor = { ...actor, userId: colleague.id, email: colleague.email, name: "Colleague" };
    const at = new Date();
    await entryAt(
      { orgId: organization.id, actor, kind: "api_key.created", subject: { type: "api_key" }, summary: "Mine" },
      at,
    );
    await entryAt(
      {
        orgId: organization.id,
        actor: other,
        kind: "trigger.created",
        subject: { type: "trigger" },
        summary: "Theirs",
      },
      at,
    );
    await entryAt(
      {
        orgId: organization.id,
        actor: { kind: "service", label: "The service" },
        kind: "member.joined",
        subject: { type: "user" },
        summary: "Service's",
      },
      at,
    );
    const summaries = async (input: Parameters<typeof listAuditEntries>[1]) =>
      (await page(actor, input)).entries.map((entry) => entry.summary).sort();

    expect(await summaries({ actor: actor.userId })).toEqual(["Mine"]);
    expect(await summaries({ actor: colleague.id })).toEqual(["Theirs"]);
    expect(await summaries({ actor: "service" })).toEqual(["Service's"]);
    expect(await summaries({ kind: "trigger.created" })).toEqual(["Theirs"]);
    expect(await summaries({ area: "keys" })).toEqual(["Mine"]);
    expect(await summaries({ area: "members" })).toEqual(["Service's"]);
    expect(await summaries({ area: "keys", kind: "api_key.created" })).toEqual(["Mine"]);
    expect(await summaries({ area: "keys", kind: "trigger.created" })).toEqual([]);
    expect(await summaries({ actor: colleague.id, kind: "api_key.created" })).toEqual([]);
    expect(await summaries({})).toEqual(["Mine", "Service's", "Theirs"]);
  });

  it("never shows another organization's entries, whatever the filter", async () => {
    const { actor } = await ownerOfNewOrg();
    const elsewhere = await ownerOfNewOrg();
    await createApiKey(elsewhere.actor, { name: "Their key" });
    await createApiKey(actor, { name: "Our key" });
    for (const input of [
      {},
      { actor: elsewhere.actor.userId },
      { kind: "api_key.created" as const },
      { area: "keys" as const },
    ]) {
      const { entries } = await page(actor, input);
      expect(entries.every((entry) => !entry.summary.includes("Their key"))).toBe(true);
    }
    expect((await page(actor)).entries.map((entry) => entry.summary)).toEqual(['Created the API key "Our key"']);
  });

  it("refuses a Member with 403 (service and console procedure); an Admin may read", async () => {
    const { actor, organization } = await ownerOfNewOrg();
    await createApiKey(actor, { name: "Owner's key" });
    const member = await createUser();
    await addOrgMember(organization.id, member.id, "MEMBER");
    const memberActor: TUserActor = { ...actor, userId: member.id, email: member.email, orgRole: "MEMBER" };
    await expect(page(memberActor)).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
    await expect(listAuditActors(memberActor)).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
    const memberConsole = await consoleAs({ actor: memberActor, key: "", token: "" });
    expect(await refusalOf(memberConsole.audit.list({}))).toBe("FORBIDDEN 403");
    expect(await refusalOf(memberConsole.audit.actors())).toBe("FORBIDDEN 403");

    const admin = await createUser();
    await addOrgMember(organization.id, admin.id, "ADMIN");
    const adminConsole = await consoleAs({
      actor: { ...actor, userId: admin.id, email: admin.email, orgRole: "ADMIN" },
      key: "",
      token: "",
    });
    const { entries } = await adminConsole.audit.list({});
    expect(entries.map((entry) => entry.summary)).toEqual(['Created the API key "Owner\'s key"']);
  });

  it("refuses a cursor it did not give and input outside the contract, in plain words", async () => {
    const { actor } = await ownerOfNewOrg();
    await expect(page(actor, { cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "VALIDATION", status: 400 });
    const console = await consoleAs({ actor, key: "", token: "" });
    expect(await refusalOf(console.audit.list({ kind: "api_key.stolen" as never }))).toMatch(
      /^VALIDATION [\s\S]*not a kind of the audit log/,
    );
    expect(await refusalOf(console.audit.list({ actor: "someone" }))).toMatch(
      /^VALIDATION [\s\S]*must be a person's id/,
    );
    expect(await refusalOf(console.audit.list({ limit: 1000 }))).toMatch(/^VALIDATION/);
  });

  it("links agents, flows and triggers that still exist, and a connection to its domain's connections page", async () => {
    const { actor, organization, domain } = await ownerOfNewOrg();
    const agent = await db().automation.create({
      data: { organizationId: organization.id, domainId: domain.id, kind: "AGENT", name: "Linked agent" },
    });
    const flow = await db().automation.create({
      data: { organizationId: organization.id, domainId: domain.id, kind: "FLOW", name: "Linked flow" },
    });
    const trigger = await db().trigger.create({
      data: { organizationId: organization.id, domainId: domain.id, type: "API", name: "Linked trigger" },
    });
    const foreign = await createOrganization("Foreign");
    const foreignDomain = await createDomain(foreign.id);
    const foreignAgent = await db().automation.create({
      data: { organizationId: foreign.id, domainId: foreignDomain.id, kind: "AGENT", name: "Not ours" },
    });
    const at = new Date();
    const base = { orgId: organization.id, actor, kind: "agent.published" as const };
    await entryAt({ ...base, subject: { type: "agent", id: agent.id }, summary: "agent" }, at);
    await entryAt({ ...base, kind: "flow.published", subject: { type: "flow", id: flow.id }, summary: "flow" }, at);
    await entryAt(
      { ...base, kind: "trigger.created", subject: { type: "trigger", id: trigger.id }, summary: "trigger" },
      at,
    );
    await entryAt({ ...base, subject: { type: "agent", id: crypto.randomUUID() }, summary: "gone" }, at);
    await entryAt({ ...base, subject: { type: "agent", id: foreignAgent.id }, summary: "foreign" }, at);
    await entryAt(
      {
        ...base,
        kind: "connection.deleted",
        subject: { type: "connection", id: crypto.randomUUID() },
        summary: "connection",
        data: { domainId: domain.id },
      },
      at,
    );
    const hrefs = Object.fromEntries((await page(actor)).entries.map((entry) => [entry.summary, entry.href]));
    expect(hrefs).toEqual({
      agent: `/domains/${domain.id}/agents/${agent.id}`,
      flow: `/flows/${flow.id}`,
      trigger: `/triggers/${domain.id}`,
      gone: null,
      foreign: null,
      connection: `/domains/${domain.id}/connections`,
    });
  });
});

describe("listAuditActors", () => {
  it("offers the members by name, then people who acted here and are members no more", async () => {
    const { actor, organization } = await ownerOfNewOrg();
    const gone = await createUser();
    await addOrgMember(organization.id, gone.id, "ADMIN");
    const goneActor: TUserActor = {
      ...actor,
      userId: gone.id,
      email: gone.email,
      name: "Gone Person",
      orgRole: "ADMIN",
    };
    const { apiKey } = await createApiKey(goneActor, { name: "Left behind" });
    await revokeApiKey(goneActor, { id: apiKey.id });
    await db().organizationMembership.deleteMany({ where: { organizationId: organization.id, userId: gone.id } });

    const { people } = await listAuditActors(actor);
    expect(people).toEqual([
      { userId: actor.userId, label: `${actor.name} <${actor.email}>`, member: true },
      { userId: gone.id, label: `Gone Person <${gone.email}>`, member: false },
    ]);
  });
});
