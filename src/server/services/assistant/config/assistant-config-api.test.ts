import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { person } from "../../../../../test/agents-kit";
import { partnerPlatform, seedFollower } from "../../../../../test/partner-kit";
import { partnerApi } from "../../../../../test/provisioning-kit";
import { publishAgent, startEngine, startReceiver, stopEngine } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { open } from "@/server/vault/vault";

// PUT/GET /assistant-config (spec 4.8) through the real partner route handler.

let partner: Awaited<ReturnType<typeof partnerPlatform>>;
let other: Awaited<ReturnType<typeof partnerPlatform>>;
let customer: Awaited<ReturnType<typeof seedFollower>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let agentId: string;
let foreignAgentId: string;
const SECRET = "whsec_test_0123456789abcdef";

beforeAll(async () => {
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine({ workers: false });
  [partner, other] = await Promise.all([partnerPlatform(), partnerPlatform()]);
  customer = await seedFollower(partner.platform.id);
  const owner = await person(customer.organization.id, "OWNER", [[customer.domain.id, "OWNER"]]);
  agentId = await publishAgent(owner.actor, customer.domain.id, { model: "builtin:echo" });
  const stranger = await seedFollower(other.platform.id);
  const strangerOwner = await person(stranger.organization.id, "OWNER", [[stranger.domain.id, "OWNER"]]);
  foreignAgentId = await publishAgent(strangerOwner.actor, stranger.domain.id, { model: "builtin:echo" });
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

const path = (orgId = customer.organization.id) => `/organizations/${orgId}/assistant-config`;
const put = (body: unknown, headers: Record<string, string> = {}, key = partner.key) =>
  partnerApi("PUT", path(), { key, body, headers });
const get = (key = partner.key, orgId = customer.organization.id) => partnerApi("GET", path(orgId), { key });

describe("PUT/GET /assistant-config", () => {
  it("reads as nothing set before any PUT", async () => {
    const fresh = await seedFollower(partner.platform.id);
    const response = await get(partner.key, fresh.organization.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ assistant_automation_id: null, webhook: null });
  });

  it("keeps an omitted key, clears a null one, and never returns the secret", async () => {
    const set = await put({
      assistant_automation_id: agentId,
      webhook: { url: `${receiver.base}/hooks`, secret: SECRET },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      assistant_automation_id: agentId,
      webhook: { url: `${receiver.base}/hooks`, secret_hint: "…cdef" },
    });
    expect(JSON.stringify(set.body)).not.toContain(SECRET);

    const keptWebhook = await put({ assistant_automation_id: null });
    expect(keptWebhook.body).toEqual({
      assistant_automation_id: null,
      webhook: { url: `${receiver.base}/hooks`, secret_hint: "…cdef" },
    });
    const keptAgent = await put({ assistant_automation_id: agentId });
    expect(keptAgent.body.webhook).toEqual({ url: `${receiver.base}/hooks`, secret_hint: "…cdef" });
    const nothing = await put({});
    expect(nothing.body).toEqual(keptAgent.body);

    const read = await get();
    expect(read.body).toEqual(keptAgent.body);
    expect(JSON.stringify(read.body)).not.toContain(SECRET);

    // At rest the secret is a vault envelope, opened only for signing.
    const row = await db().assistantConfig.findUniqueOrThrow({ where: { organizationId: customer.organization.id } });
    expect(row.webhookSecret).not.toContain(SECRET);
    expect(await open(row.webhookSecret!)).toBe(SECRET);

    const cleared = await put({ webhook: null });
    expect(cleared.body).toEqual({ assistant_automation_id: agentId, webhook: null });
    const clearedRow = await db().assistantConfig.findUniqueOrThrow({
      where: { organizationId: customer.organization.id },
    });
    expect([clearedRow.webhookUrl, clearedRow.webhookSecret, clearedRow.webhookSecretHint]).toEqual([null, null, null]);
  });

  it("refuses an agent that is not a published agent of this customer with 409 CONFLICT", async () => {
    const draft = await db().automation.create({
      data: { organizationId: customer.organization.id, domainId: customer.domain.id, kind: "AGENT", name: "Draft" },
    });
    for (const id of [draft.id, foreignAgentId, randomUUID()]) {
      const response = await put({ assistant_automation_id: id });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe("CONFLICT");
      expect(response.body.error.message).toMatch(/published agent/);
    }
  });

  it("refuses private, loopback and metadata webhook URLs (the HTTP tool's SSRF guard) with 400", async () => {
    for (const url of [
      "http://10.1.2.3/hook",
      "http://127.0.0.1:9/hook",
      "http://169.254.169.254/latest",
      "http://[::1]/x",
      "http://user:pw@example.com/x",
      "ftp://example.com/x",
    ]) {
      const response = await put({ webhook: { url, secret: SECRET } });
      expect(response.status, url).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION");
    }
    expect((await get()).body.webhook).toBeNull();
  });

  it("validates the body strictly", async () => {
    expect((await put({ webhook: { url: `${receiver.base}/h`, secret: "short" } })).status).toBe(400);
    expect((await put({ webhook: { url: `${receiver.base}/h`, secret: SECRET, extra: 1 } })).status).toBe(400);
    expect((await put({ assistantAutomationId: agentId })).status).toBe(400);
    expect((await put({ assistant_automation_id: "not-a-uuid" })).status).toBe(400);
  });

  it("replays an Idempotency-Key with the stored answer, and refuses it with another body", async () => {
    const key = randomUUID();
    const body = { webhook: { url: `${receiver.base}/idem`, secret: SECRET } };
    const first = await put(body, { "Idempotency-Key": key });
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotency-replayed")).toBeNull();
    await put({ webhook: null });
    const replay = await put(body, { "Idempotency-Key": key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    // The replay answered without applying the change again.
    expect((await get()).body.webhook).toBeNull();
    const reused = await put(
      { webhook: { url: `${receiver.base}/other`, secret: SECRET } },
      { "Idempotency-Key": key },
    );
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("answers 401 without a key and one uniform 404 for other platforms' and unknown customers", async () => {
    expect((await partnerApi("GET", path())).status).toBe(401);
    const refusals = await Promise.all([
      get(other.key),
      get(partner.key, randomUUID()),
      get(partner.key, "nope"),
      put({}, {}, other.key),
    ]);
    expect(refusals.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    expect(new Set(refusals.map((response) => JSON.stringify(response.body))).size).toBe(1);
  });
});
