import { describe, expect, it } from "vitest";
import { actorIn, addDomainMember, addOrgMember, createDomain, createUser } from "../../../../test/factories";
import type { TCreateTriggerRequest } from "@/contracts/triggers/create-trigger";
import { ZCreateTriggerRequest } from "@/contracts/triggers/create-trigger";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { AppError } from "@/server/errors";
import { crmDocument } from "@/server/integrations/openapi/crm-fixture";
import { open } from "@/server/vault/vault";
import { createConnection } from "@/server/services/connections/create-connection";
import { importOpenApiIntegration } from "@/server/services/integrations/import-openapi-integration";
import { createTrigger } from "./create-trigger";
import { disableEventTriggers, enableEventTriggers } from "./rollout";

/** The organization's trigger audit entries, oldest first, as stored. */
async function triggerAuditOf(organizationId: string) {
  return db().auditEntry.findMany({
    where: { organizationId, kind: { startsWith: "trigger." } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { kind: true, actorUserId: true, subjectId: true, summary: true, data: true },
  });
}

type TWorld = Awaited<ReturnType<typeof actorIn>>;
const SECRET = "whsec_0123456789abcdefABCDEF";

async function memberOf(world: TWorld, role: DomainRole): Promise<TUserActor> {
  const user = await createUser();
  await addOrgMember(world.organization.id, user.id);
  await addDomainMember(world.domain.id, user.id, role);
  return { ...world.actor, userId: user.id, email: user.email, orgRole: "MEMBER" };
}

async function eventWorld() {
  const world = await actorIn({ domainRole: "EDITOR" });
  await enableEventTriggers(world.organization.id);
  const { connection } = await createConnection(world.actor, {
    domainId: world.domain.id,
    integrationId: "service.http",
    name: "Webhook sender",
    token: "tok_0123456789",
  });
  const event = {
    type: "event" as const,
    domainId: world.domain.id,
    name: "Order webhook",
    sourceIntegrationId: "service.http",
    connectionId: connection.id,
    eventType: "webhook.received",
  };
  return { ...world, connection, event };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The routes parse with the contract before the service runs; tests do the same. */
const parse = (body: unknown): TCreateTriggerRequest => ZCreateTriggerRequest.parse(body);

describe("createTrigger", () => {
  it("creates an api trigger with the common fields only", async () => {
    const world = await actorIn({ domainRole: "EDITOR" });
    const { trigger } = await createTrigger(
      world.actor,
      parse({ type: "api", domainId: world.domain.id, name: "  Order placed " }),
    );
    expect(trigger).toEqual({
      id: expect.any(String),
      domainId: world.domain.id,
      type: "api",
      name: "Order placed",
      active: true,
      createdAt: expect.any(String),
    });
  });

  it("creates a schedule trigger: UTC by default, canonical zone, the next firing planned", async () => {
    const world = await actorIn({ domainRole: "OWNER" });
    const before = Date.now();
    const { trigger } = await createTrigger(
      world.actor,
      parse({
        type: "schedule",
        domainId: world.domain.id,
        name: "Nightly",
        cron: "0  3 * * *",
        input: { report: "daily" },
      }),
    );
    expect(trigger).toMatchObject({
      type: "schedule",
      cron: "0 3 * * *",
      timezone: "UTC",
      input: { report: "daily" },
      active: true,
    });
    if (trigger.type !== "schedule") throw new Error("schedule expected");
    const next = new Date(trigger.nextFireAt!);
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(24 * 3600_000);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([3, 0]);

    const berlin = await createTrigger(
      world.actor,
      parse({
        type: "schedule",
        domainId: world.domain.id,
        name: "Berlin",
        cron: "30 9 * * 1",
        timezone: "Europe/Berlin",
      }),
    );
    if (berlin.trigger.type !== "schedule") throw new Error("schedule expected");
    expect(berlin.trigger.input).toEqual({});
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Berlin",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
    }).format(new Date(berlin.trigger.nextFireAt!));
    expect(local).toBe("Mon 09:30");
  });

  it("refuses cron expressions that are not 5 valid fields and unknown time zones", async () => {
    const world = await actorIn({ domainRole: "OWNER" });
    const schedule = (cron: string, timezone?: string) =>
      createTrigger(
        world.actor,
        parse({ type: "schedule", domainId: world.domain.id, name: "S", cron, ...(timezone ? { timezone } : {}) }),
      );
    for (const cron of ["* * * *", "0 * * * * *", "@hourly", "61 * * * *", "* * 32 * *"]) {
      const error = await refusal(schedule(cron));
      expect([error.status, error.code, error.details], cron).toEqual([400, "VALIDATION", { field: "cron" }]);
      expect(error.message, cron).toContain("cron:");
    }
    const zone = await refusal(schedule("* * * * *", "Mars/Olympus"));
    expect([zone.status, zone.details]).toEqual([400, { field: "timezone" }]);
    expect(zone.message).toContain("Mars/Olympus");
    expect(await db().trigger.count({ where: { domainId: world.domain.id } })).toBe(0);
  });

  it("answers 404 for a domain of another organization and 403 for a role that may not edit", async () => {
    const world = await actorIn({ domainRole: "OWNER" });
    const other = await actorIn({ domainRole: "OWNER" });
    const elsewhere = await refusal(
      createTrigger(world.actor, parse({ type: "api", domainId: other.domain.id, name: "X" })),
    );
    expect([elsewhere.status, elsewhere.code]).toEqual([404, "NOT_FOUND"]);
    for (const role of ["VIEWER", "OPERATOR"] as const) {
      const error = await refusal(
        createTrigger(await memberOf(world, role), parse({ type: "api", domainId: world.domain.id, name: "X" })),
      );
      expect([error.status, error.code], role).toEqual([403, "FORBIDDEN"]);
    }
    const notMember = await createDomain(world.organization.id, "Sales");
    const outside = await refusal(
      createTrigger(world.actor, parse({ type: "api", domainId: notMember.id, name: "X" })),
    );
    expect(outside.status).toBe(403);
  });

  it("creates an event trigger with an ingress URL and a sealed, never returned, endpoint secret", async () => {
    const { actor, event, connection } = await eventWorld();
    const filter = { field: "payload.order.status", operator: "equals" as const, value: "paid" };
    const { trigger } = await createTrigger(actor, parse({ ...event, endpointSecret: SECRET, eventFilter: filter }));
    expect(trigger).toEqual({
      id: expect.any(String),
      domainId: event.domainId,
      type: "event",
      name: "Order webhook",
      active: true,
      createdAt: expect.any(String),
      sourceIntegrationId: "service.http",
      connectionId: connection.id,
      eventType: "webhook.received",
      eventFilter: filter,
      ingressUrl: expect.stringMatching(/^https?:\/\/[^/]+\/api\/v1\/triggers\/ingress\/[A-Za-z0-9_-]{43}$/),
      hasEndpointSecret: true,
    });
    expect(JSON.stringify(trigger)).not.toContain(SECRET);
    const row = await db().trigger.findUniqueOrThrow({ where: { id: trigger.id } });
    expect(row.sealedEndpointSecret).not.toContain(SECRET);
    expect(await open(row.sealedEndpointSecret!)).toBe(SECRET);
    if (trigger.type !== "event") throw new Error("event expected");
    expect(trigger.ingressUrl.endsWith(`/${row.ingressToken}`)).toBe(true);

    const plain = await createTrigger(actor, parse({ ...event, name: "Unsigned" }));
    expect(plain.trigger).toMatchObject({ hasEndpointSecret: false, eventFilter: null });
    if (plain.trigger.type !== "event") throw new Error("event expected");
    expect(plain.trigger.ingressUrl).not.toBe(trigger.ingressUrl);
  });

  it("validates the adapter, its declared event and the organization rollout", async () => {
    const { actor, event, organization } = await eventWorld();
    const unknown = await refusal(createTrigger(actor, parse({ ...event, sourceIntegrationId: "service.nope" })));
    expect([unknown.status, unknown.code]).toEqual([404, "NOT_FOUND"]);
    const undeclared = await refusal(createTrigger(actor, parse({ ...event, eventType: "order.created" })));
    expect([undeclared.status, undeclared.details]).toEqual([400, { field: "eventType" }]);
    expect(undeclared.message).toContain("webhook.received");
    const noEvents = await refusal(createTrigger(actor, parse({ ...event, sourceIntegrationId: "service.knowledge" })));
    expect(noEvents.message).toContain("declares no events");

    await disableEventTriggers(organization.id);
    const off = await refusal(createTrigger(actor, parse(event)));
    expect([off.status, off.code, off.details]).toEqual([403, "FORBIDDEN", { rollout: "event_triggers" }]);
    expect(off.message).toContain("not enabled");
    expect(await db().trigger.count({ where: { organizationId: organization.id } })).toBe(0);
  });

  it("requires the connection to be the organization's, the domain's and the integration's", async () => {
    const world = await eventWorld();
    const other = await actorIn({ domainRole: "OWNER" });
    const foreign = await createConnection(other.actor, {
      domainId: other.domain.id,
      integrationId: "service.http",
      name: "Theirs",
      token: "tok_0123456789",
    });
    const crossTenant = await refusal(
      createTrigger(world.actor, parse({ ...world.event, connectionId: foreign.connection.id })),
    );
    expect([crossTenant.status, crossTenant.code]).toEqual([404, "NOT_FOUND"]);

    const sales = await createDomain(world.organization.id, "Sales");
    await addDomainMember(sales.id, world.user.id, "EDITOR");
    const salesConnection = await createConnection(world.actor, {
      domainId: sales.id,
      integrationId: "service.http",
      name: "Sales hook",
      token: "tok_0123456789",
    });
    const otherDomain = await refusal(
      createTrigger(world.actor, parse({ ...world.event, connectionId: salesConnection.connection.id })),
    );
    expect([otherDomain.status, otherDomain.details]).toEqual([400, { field: "connectionId" }]);
    expect(otherDomain.message).toContain("another domain");

    const { integration } = await importOpenApiIntegration(
      { ...world.actor, orgRole: "ADMIN" },
      { document: crmDocument() },
    );
    const crm = await createConnection(world.actor, {
      domainId: world.domain.id,
      integrationId: integration.id,
      name: "CRM",
      fields: { api_key_auth: "crm-key" },
    });
    const wrongIntegration = await refusal(
      createTrigger(world.actor, parse({ ...world.event, connectionId: crm.connection.id })),
    );
    expect([wrongIntegration.status, wrongIntegration.details]).toEqual([400, { field: "connectionId" }]);
    expect(wrongIntegration.message).toContain(`is for ${integration.id}`);
  });

  it("accepts filters on actor data, occurredAt and declared payload paths, and refuses others", async () => {
    const { actor, event } = await eventWorld();
    const create = (eventFilter: unknown) => createTrigger(actor, parse({ ...event, eventFilter }));
    for (const filter of [
      { field: "actor.email", operator: "contains", value: "@acme.test" },
      { field: "occurredAt", operator: ">", value: "2026-01-01T00:00:00Z" },
      { field: "payload.amount", operator: "<", value: 100 },
      { field: "payload.status", operator: "not-equals", value: "test" },
    ]) {
      await expect(create(filter), filter.field).resolves.toMatchObject({ trigger: { eventFilter: filter } });
    }
    const cases: Array<[unknown, string]> = [
      [{ field: "actor.password", operator: "equals", value: "x" }, "eventFilter.field"],
      [{ field: "headers.x-signature", operator: "equals", value: "x" }, "eventFilter.field"],
      [{ field: "payload", operator: "equals", value: "x" }, "eventFilter.field"],
      [{ field: "payload.a..b", operator: "equals", value: "x" }, "eventFilter.field"],
      [{ field: "payload.amount", operator: ">", value: "lots" }, "eventFilter.value"],
      [{ field: "payload.tags", operator: "contains", value: 3 }, "eventFilter.value"],
      [{ field: "occurredAt", operator: "equals", value: "yesterday" }, "eventFilter.value"],
    ];
    for (const [filter, field] of cases) {
      const error = await refusal(create(filter));
      expect([error.status, error.code, error.details], JSON.stringify(filter)).toEqual([400, "VALIDATION", { field }]);
    }
  });

  it("keeps bodies strict per type", () => {
    const base = { domainId: "00000000-0000-4000-8000-000000000000", name: "X" };
    expect(ZCreateTriggerRequest.safeParse({ ...base, type: "api", cron: "* * * * *" }).success).toBe(false);
    expect(ZCreateTriggerRequest.safeParse({ ...base, type: "schedule" }).success).toBe(false);
    expect(ZCreateTriggerRequest.safeParse({ ...base, type: "webhook" }).success).toBe(false);
    expect(ZCreateTriggerRequest.safeParse({ ...base, type: "schedule", cron: "* * * * *", input: [] }).success).toBe(
      false,
    );
    expect(
      ZCreateTriggerRequest.safeParse({
        ...base,
        type: "event",
        sourceIntegrationId: "service.http",
        connectionId: base.domainId,
        eventType: "webhook.received",
        endpointSecret: "short",
      }).success,
    ).toBe(false);
    expect(
      ZCreateTriggerRequest.safeParse({
        ...base,
        type: "event",
        sourceIntegrationId: "service.http",
        connectionId: base.domainId,
        eventType: "webhook.received",
        eventFilter: { field: "a", operator: "like", value: "x" },
      }).success,
    ).toBe(false);
  });

  it("logs the creation in the trigger's own transaction: a creation that fails or is refused logs nothing", async () => {
    const world = await eventWorld();
    const { trigger } = await createTrigger(world.actor, parse({ ...world.event, endpointSecret: SECRET }));
    const failing = createTrigger(
      world.actor,
      parse({ type: "api", domainId: world.domain.id, name: "Rolled back" }),
      () => Promise.reject(new AppError("CONFLICT", "The answer could not be recorded.")),
    );
    await expect(failing).rejects.toMatchObject({ code: "CONFLICT" });
    await disableEventTriggers(world.organization.id);
    await refusal(createTrigger(world.actor, parse({ ...world.event, name: "Refused" })));
    await refusal(
      createTrigger(await memberOf(world, "VIEWER"), parse({ type: "api", domainId: world.domain.id, name: "No" })),
    );

    const entries = await triggerAuditOf(world.organization.id);
    expect(entries).toEqual([
      {
        kind: "trigger.created",
        actorUserId: world.actor.userId,
        subjectId: trigger.id,
        summary: 'Created the event trigger "Order webhook"',
        data: { name: "Order webhook", type: "event", domainId: world.domain.id },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    expect(await db().trigger.count({ where: { name: "Rolled back", organizationId: world.organization.id } })).toBe(0);
  });
});
