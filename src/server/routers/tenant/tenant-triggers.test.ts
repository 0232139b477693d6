import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorIn, createApiKeyFor } from "../../../../test/factories";
import { partnerPlatform, partnerRequest, seedFollower } from "../../../../test/partner-kit";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { db } from "@/server/db/client";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { handleOpenApiRequest } from "@/server/trpc/openapi-handler";

// Triggers on the partner tenant door (issue 40): create and fire are the v1 contracts, list,
// activation, subscriptions and run history the console's services, all run as the subject.

let w: TTenantWorld;
let otherOrgId: string;
const ids = {} as Record<"on" | "off" | "api" | "foreign", string>;

const tag = () => randomUUID().slice(0, 8);
const fire = (body: Record<string, unknown>, o: { subject?: string; key?: string; orgPath?: string } = {}) =>
  w.tenant("POST", `${o.orgPath ?? ""}/triggers/fire`, {
    subject: o.subject ?? "operator-1",
    body,
    headers: o.key ? { "idempotency-key": o.key } : {},
  });
const sessionsOf = (automationId: string) => db().agentSession.count({ where: { automationId } });

beforeAll(async () => {
  await startEngine();
  w = await tenantWorld();
  await w.vouch("viewer-1", "viewer");
  await w.vouch("operator-1", "operator");
  await w.vouch("editor-1", "editor");
  ids.on = await publishAgent(w.ownerActor, w.domain.id, { model: "builtin:echo" }, { name: "Echo on" });
  ids.off = await publishAgent(w.ownerActor, w.domain.id, { model: "builtin:echo" }, { name: "Echo off" });
  const disabled = await partnerRequest("PATCH", `/organizations/${w.orgId}/automations/${ids.off}/entitlement`, {
    credential: w.partner.key,
    body: { enabled: false },
  });
  expect(disabled.status).toBe(200);
  const other = await partnerPlatform();
  otherOrgId = (await seedFollower(other.platform.id)).organization.id;
  const elsewhere = await actorIn({ domainRole: "OWNER" });
  ids.foreign = (
    await createTrigger(elsewhere.actor, { type: "api", domainId: elsewhere.domain.id, name: "Foreign" })
  ).trigger.id;
});

afterAll(async () => {
  await stopEngine();
});

describe("tenant triggers: create and list", () => {
  it("creates each kind of the v1 union as an Editor; a Viewer and an Operator get the v1 403", async () => {
    const schedule = await w.tenant("POST", "/triggers", {
      subject: "editor-1",
      body: { type: "schedule", domainId: w.domain.id, name: `Nightly ${tag()}`, cron: "0 6 * * 1-5" },
    });
    expect(schedule.status).toBe(201);
    expect(schedule.body.trigger).toMatchObject({ type: "schedule", timezone: "UTC", active: true, input: {} });
    expect(schedule.body.trigger.nextFireAt).toEqual(expect.any(String));
    for (const subject of ["viewer-1", "operator-1"]) {
      const refused = await w.tenant("POST", "/triggers", {
        subject,
        body: { type: "api", domainId: w.domain.id, name: "Nope" },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("FORBIDDEN");
    }
    // A field of another type is refused as an unknown key, as on /api/v1.
    const mixed = await w.tenant("POST", "/triggers", {
      body: { type: "api", domainId: w.domain.id, name: "Mixed", cron: "* * * * *" },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.code).toBe("VALIDATION");
  });

  it("replays a create by Idempotency-Key; another body under the key is 409", async () => {
    const key = `trg-${randomUUID()}`;
    const body = { type: "api", domainId: w.domain.id, name: `New order ${tag()}` };
    const first = await w.tenant("POST", "/triggers", { body, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    ids.api = first.body.trigger.id;
    const replay = await w.tenant("POST", "/triggers", { body, headers: { "idempotency-key": key } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await db().trigger.count({ where: { organizationId: w.orgId, name: body.name } })).toBe(1);
    const other = await w.tenant("POST", "/triggers", {
      body: { ...body, name: "Else" },
      headers: { "idempotency-key": key },
    });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("a Viewer lists the domain's triggers with their subscribers", async () => {
    const listed = await w.tenant("GET", `/triggers?domainId=${w.domain.id}`, { subject: "viewer-1" });
    expect(listed.status).toBe(200);
    expect(listed.body.triggers.map((entry: { trigger: { id: string } }) => entry.trigger.id)).toContain(ids.api);
  });
});

describe("tenant triggers: subscriptions, activation, fire and run history", () => {
  it("an Editor subscribes (twice changes nothing); an Operator may not", async () => {
    const path = (automationId: string) => `/triggers/${ids.api}/subscribers/${automationId}`;
    const refused = await w.tenant("PUT", path(ids.on), { subject: "operator-1" });
    expect(refused.status).toBe(403);
    expect((await w.tenant("PUT", path(ids.on), { subject: "editor-1" })).status).toBe(200);
    const twice = await w.tenant("PUT", path(ids.on), { subject: "editor-1" });
    const both = await w.tenant("PUT", path(ids.off), { subject: "editor-1" });
    expect(twice.body.subscribers.map((s: { automationId: string }) => s.automationId)).toEqual([ids.on]);
    expect(both.body.subscribers.map((s: { automationId: string }) => s.automationId)).toEqual([ids.on, ids.off]);
    expect((await w.tenant("PUT", path(randomUUID()), { subject: "editor-1" })).status).toBe(404);
  });

  it("deactivate makes fire 409, activate restores it; an Operator may not switch", async () => {
    expect((await w.tenant("POST", `/triggers/${ids.api}/deactivate`, { subject: "operator-1" })).status).toBe(403);
    const off = await w.tenant("POST", `/triggers/${ids.api}/deactivate`, { subject: "editor-1" });
    expect(off.status).toBe(200);
    expect(off.body.trigger).toMatchObject({ id: ids.api, active: false });
    const inactive = await fire({ triggerId: ids.api });
    expect(inactive.status).toBe(409);
    expect(inactive.body.error.code).toBe("CONFLICT");
    const on = await w.tenant("POST", `/triggers/${ids.api}/activate`, { subject: "editor-1" });
    expect(on.body.trigger.active).toBe(true);
  });

  it("fire starts the subscribed agent (it really runs), skips the partner-disabled one, and replays by key", async () => {
    const key = `fire-${randomUUID()}`;
    const body = { triggerId: ids.api, input: { prompt: "A new order arrived" } };
    const fired = await fire(body, { key });
    expect(fired.status).toBe(202);
    expect(fired.body.sessions).toEqual([{ automationId: ids.on, sessionId: expect.any(String) }]);
    const turn = await db().turn.findFirstOrThrow({ where: { sessionId: fired.body.sessions[0].sessionId } });
    expect((await waitForTurn(turn.id)).status).toBe("COMPLETED");
    const session = await db().agentSession.findUniqueOrThrow({ where: { id: fired.body.sessions[0].sessionId } });
    expect(session.organizationId).toBe(w.orgId);
    expect(await sessionsOf(ids.off)).toBe(0);
    const started = await sessionsOf(ids.on);
    const replay = await fire(body, { key });
    expect(replay.status).toBe(202);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(fired.body);
    expect(await sessionsOf(ids.on)).toBe(started);
    const changed = await fire({ ...body, input: { prompt: "Another" } }, { key });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    // The platform's claim is its own: the owner's personal key with the same key is a new fire.
    const { token } = await createApiKeyFor(w.owner.id, w.orgId);
    const direct = await handleOpenApiRequest(
      new Request("http://127.0.0.1/api/v1/triggers/fire", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(body),
      }),
      "v1",
    );
    expect(direct.status).toBe(202);
    expect(direct.headers.get("idempotency-replayed")).toBeNull();
    expect(await sessionsOf(ids.on)).toBe(started + 1);
  });

  it("a Viewer may not fire (403) but reads the run history with per-subscriber results, by cursor", async () => {
    const refused = await fire({ triggerId: ids.api }, { subject: "viewer-1" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    const history = await w.tenant("GET", `/triggers/${ids.api}/firings`, { subject: "viewer-1" });
    expect(history.status).toBe(200);
    expect(history.body.firings).toHaveLength(2);
    const [latest] = history.body.firings;
    expect(latest.source).toBe("api");
    const byAutomation = Object.fromEntries(
      latest.results.map((r: { automationId: string; outcome: string; errorCode: string | null }) => [
        r.automationId,
        [r.outcome, r.errorCode],
      ]),
    );
    expect(byAutomation).toEqual({ [ids.on]: ["started", null], [ids.off]: ["skipped", "AUTOMATION_DISABLED"] });
    const page = await w.tenant("GET", `/triggers/${ids.api}/firings?limit=1`, { subject: "viewer-1" });
    expect(page.body.firings).toHaveLength(1);
    expect(page.body.nextBefore).toEqual(expect.any(String));
    const next = await w.tenant("GET", `/triggers/${ids.api}/firings?limit=1&before=${page.body.nextBefore}`, {
      subject: "viewer-1",
    });
    expect(next.body.firings[0].id).toBe(history.body.firings[1].id);
    expect(next.body.nextBefore).toBeNull();
    expect((await w.tenant("GET", `/triggers/${ids.api}/firings?limit=0`)).status).toBe(400);
  });

  it("an Editor unsubscribes; removing it again changes nothing", async () => {
    const path = `/triggers/${ids.api}/subscribers/${ids.off}`;
    expect((await w.tenant("DELETE", path, { subject: "viewer-1" })).status).toBe(403);
    const removed = await w.tenant("DELETE", path, { subject: "editor-1" });
    expect(removed.status).toBe(200);
    expect(removed.body.subscribers.map((s: { automationId: string }) => s.automationId)).toEqual([ids.on]);
    expect((await w.tenant("DELETE", path, { subject: "editor-1" })).body).toEqual(removed.body);
  });
});

describe("tenant triggers: neutral refusals", () => {
  it("another organization's trigger is a 404 on every trigger route", async () => {
    const foreign = ids.foreign;
    const answers = await Promise.all([
      fire({ triggerId: foreign }),
      w.tenant("POST", `/triggers/${foreign}/activate`),
      w.tenant("PUT", `/triggers/${foreign}/subscribers/${ids.on}`),
      w.tenant("DELETE", `/triggers/${foreign}/subscribers/${ids.on}`),
      w.tenant("GET", `/triggers/${foreign}/firings`),
    ]);
    for (const answer of answers) expect(answer.status).toBe(404);
  });

  it("another platform's customer and a nonexistent one answer byte for byte the same 404", async () => {
    const answers = await Promise.all(
      [otherOrgId, randomUUID()].flatMap((orgId) => [
        fire({ triggerId: ids.api }, { orgPath: `/organizations/${orgId}` }),
        w.tenant("GET", `/organizations/${orgId}/triggers?domainId=${w.domain.id}`),
        w.tenant("POST", `/organizations/${orgId}/triggers`, {
          body: { type: "api", domainId: w.domain.id, name: "X" },
        }),
        w.tenant("GET", `/organizations/${orgId}/triggers/${ids.api}/firings`),
      ]),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toBe(JSON.stringify(answers[0]!.body));
    }
  });
});
