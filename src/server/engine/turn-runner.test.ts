import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import {
  eventsOf,
  publishAgent,
  startEngine,
  startReceiver,
  stopEngine,
  waitForTurn,
} from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";

// The turn loop end to end through the API and the real queue: builtin:procedure calling a
// real HTTP receiver on loopback, credentials, approvals by each role, and rejections.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const orgToken = `org-token-${crypto.randomUUID()}`;
const agents = {} as Record<"read" | "write" | "callerRequired" | "knowledge", string>;

const line = (tool: string, args: unknown) => `#${tool} ${JSON.stringify(args)}`;

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  const owner = world.people.owner.actor;
  await createConnection(owner, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: orgToken,
  });
  const callerPreferred = { bindingPolicies: { "service.http": "caller_preferred" as const } };
  agents.read = await publishAgent(
    owner,
    world.acme.ops,
    {
      model: "builtin:procedure",
      procedure: line("service.http.get", { url: `${receiver.base}/read`, query: { message: "{{message}}" } }),
    },
    callerPreferred,
  );
  agents.write = await publishAgent(
    owner,
    world.acme.ops,
    {
      model: "builtin:procedure",
      procedure: line("service.http.post", { url: `${receiver.base}/write`, body: { message: "{{message}}" } }),
      approvalTools: ["service.http.post"],
    },
    callerPreferred,
  );
  agents.knowledge = await publishAgent(
    owner,
    world.acme.ops,
    { model: "builtin:procedure", procedure: line("service.knowledge.search", { query: "{{message}}", limit: 3 }) },
    { knowledgeSelection: { mode: "domain", moduleIds: [] } },
  );
  agents.callerRequired = await publishAgent(
    owner,
    world.acme.ops,
    {
      model: "builtin:procedure",
      procedure: line("service.http.get", { url: `${receiver.base}/caller`, query: { message: "{{message}}" } }),
    },
    { bindingPolicies: { "service.http": "caller_required" } },
  );
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

const marker = () => `m-${crypto.randomUUID()}`;

async function openOn(agentId: string, key: string, message: string, callerCredentials?: unknown) {
  const response = await api("POST", `/agents/${agentId}/sessions`, {
    credential: key,
    body: { message, ...(callerCredentials ? { callerCredentials } : {}) },
  });
  expect(response.status).toBe(202);
  return response.body as { sessionId: string; executionId: string };
}

const details = async (sessionId: string, key = world.people.owner.key) =>
  (await api("GET", `/agents/sessions/${sessionId}`, { credential: key })).body;
const decide = (sessionId: string, key: string, body: Record<string, unknown>) =>
  api("POST", `/agents/sessions/${sessionId}/turn-approval`, { credential: key, body });

describe("builtin:procedure through the turn loop", () => {
  it("calls the tool with the organization's connection, records the call and answers with a summary", async () => {
    const m = marker();
    const { sessionId, executionId } = await openOn(agents.read, world.people.operator.key, m);
    expect(await waitForTurn(executionId)).toMatchObject({ status: "COMPLETED" });
    const [request] = receiver.withMarker(m);
    expect(request).toMatchObject({ method: "GET", path: "/read" });
    expect(request!.headers.authorization).toBe(`Bearer ${orgToken}`);

    const session = await details(sessionId);
    const call = session.turns[0].toolCalls[0];
    expect(call).toMatchObject({ name: "service.http.get", status: "succeeded", errorCode: null });
    expect(call.result).toMatchObject({ status: 200, body: { ok: true, path: "/read" } });
    expect(call.result.headers["x-upstream-secret"]).toBe("[redacted]");
    expect(session.messages.at(-1)).toMatchObject({ role: "assistant" });
    expect(session.messages.at(-1).body).toContain("service.http.get: HTTP 200");

    const events = await eventsOf(sessionId);
    expect(events.map((event) => event.type)).toEqual([
      "session.changed",
      "turn.started",
      "tool_call.started",
      "tool_call.finished",
      "message.delta",
      "turn.completed",
    ]);
    expect(JSON.stringify(events) + JSON.stringify(session)).not.toContain(orgToken);
    expect(JSON.stringify(events)).not.toContain("upstream-header-value");
  });

  it("sends caller material when supplied, never records it, and deletes the grant when the turn settles", async () => {
    const m = marker();
    const secret = `caller-${crypto.randomUUID()}`;
    const { sessionId, executionId } = await openOn(agents.read, world.people.operator.key, m, {
      integrations: { "service.http": { token: secret } },
    });
    await waitForTurn(executionId);
    expect(receiver.withMarker(m)[0]!.headers.authorization).toBe(`Bearer ${secret}`);
    expect(await db().callerGrant.count({ where: { turnId: executionId } })).toBe(0);
    const everything = JSON.stringify(await eventsOf(sessionId)) + JSON.stringify(await details(sessionId));
    expect(everything).not.toContain(secret);
  });

  it("fails a caller-required call without material, tells the model, and does not fall back", async () => {
    const m = marker();
    const { sessionId, executionId } = await openOn(agents.callerRequired, world.people.operator.key, m);
    expect(await waitForTurn(executionId)).toMatchObject({ status: "COMPLETED" });
    expect(receiver.withMarker(m)).toHaveLength(0);
    const session = await details(sessionId);
    expect(session.turns[0].toolCalls[0]).toMatchObject({ status: "failed", errorCode: "CALLER_CREDENTIALS_REQUIRED" });
    expect(session.messages.at(-1).body).toContain("CALLER_CREDENTIALS_REQUIRED");
    const types = (await eventsOf(sessionId)).map((event) => event.type);
    expect(types).toContain("caller_credential.failed");
  });
});

describe("knowledge search through the turn loop", () => {
  it("runs service.knowledge.search over the revision's selection without a credential", async () => {
    const { sessionId, executionId } = await openOn(agents.knowledge, world.people.operator.key, "refund policy");
    expect(await waitForTurn(executionId)).toMatchObject({ status: "COMPLETED" });
    const session = await details(sessionId);
    expect(session.turns[0].toolCalls[0]).toMatchObject({
      name: "service.knowledge.search",
      status: "succeeded",
      args: { query: "refund policy", limit: 3 },
    });
    expect(session.turns[0].toolCalls[0].result).toEqual({ results: [] });
  });
});

describe("approvals", () => {
  async function suspended(key = world.people.operator.key, callerCredentials?: unknown) {
    const m = marker();
    const opened = await openOn(agents.write, key, m, callerCredentials);
    expect(await waitForTurn(opened.executionId)).toMatchObject({ status: "SUSPENDED" });
    const event = (await eventsOf(opened.sessionId)).find((candidate) => candidate.type === "turn.suspended")!;
    return { ...opened, m, approvalId: (event.data as { approvalId: string }).approvalId, event };
  }

  it("suspends on an approval tool, and an Operator's approval runs the parked call once", async () => {
    const { sessionId, executionId, m, approvalId, event } = await suspended();
    expect(event.data).toMatchObject({ executionId, toolName: "service.http.post" });
    expect(receiver.withMarker(m)).toHaveLength(0);
    const before = await details(sessionId, world.people.viewer.key);
    expect(before).toMatchObject({ state: "suspended", pendingApprovalId: approvalId });
    expect(before.pendingApproval).toMatchObject({
      id: approvalId,
      toolName: "service.http.post",
      userRouted: false,
      canDecide: false,
    });

    const viewer = await decide(sessionId, world.people.viewer.key, { decision: "approved" });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.code).toBe("FORBIDDEN");
    expect((await decide(sessionId, world.people.globexOwner.key, { decision: "approved" })).status).toBe(404);
    expect((await decide(sessionId, world.people.orgAdmin.key, { decision: "approved" })).status).toBe(404);
    const stale = await decide(sessionId, world.people.operator.key, {
      decision: "approved",
      approvalId: crypto.randomUUID(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CONFLICT");
    expect((await decide(sessionId, world.people.operator.key, { decision: "maybe" })).status).toBe(400);
    expect(
      (await decide(sessionId, world.people.operator.key, { decision: "approved", comment: "x".repeat(2_001) })).status,
    ).toBe(400);

    const approved = await decide(sessionId, world.people.operator.key, {
      decision: "approved",
      approvalId,
      comment: "fine",
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ ok: true, approvalId, decision: "approved" });
    const second = await decide(sessionId, world.people.editor.key, { decision: "rejected", approvalId });
    expect(second.status).toBe(409);
    expect(await waitForTurn(executionId, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    const writes = receiver.withMarker(m);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/write" });
    const after = await details(sessionId);
    expect(after).toMatchObject({ state: "idle", pendingApproval: null, pendingApprovalId: null });
    expect(after.turns[0].toolCalls[0]).toMatchObject({ status: "succeeded" });
  });

  it("a rejection tells the model who rejected and why, and the turn still answers", async () => {
    const { sessionId, executionId, m } = await suspended();
    const rejected = await decide(sessionId, world.people.editor.key, { decision: "rejected", comment: "not today" });
    expect(rejected.status).toBe(200);
    expect(await waitForTurn(executionId, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    expect(receiver.withMarker(m)).toHaveLength(0);
    const session = await details(sessionId);
    expect(session.turns[0].toolCalls[0]).toMatchObject({
      status: "rejected",
      errorMessage: `Rejected by ${world.people.editor.actor.name}: not today`,
    });
    expect(session.messages.at(-1).body).toContain("not today");
  });

  it("routes a call on caller material to its supplier only; fresh credentials on approval replace the grant", async () => {
    const first = `first-${crypto.randomUUID()}`;
    const fresh = `fresh-${crypto.randomUUID()}`;
    const { sessionId, executionId, m, approvalId } = await suspended(world.people.operator.key, {
      integrations: { "service.http": { token: first } },
    });
    const asEditor = await details(sessionId, world.people.editor.key);
    expect(asEditor.pendingApproval).toMatchObject({ userRouted: true, canDecide: false });
    expect((await decide(sessionId, world.people.editor.key, { decision: "approved" })).status).toBe(403);
    expect((await decide(sessionId, world.people.owner.key, { decision: "approved" })).status).toBe(403);
    const approved = await decide(sessionId, world.people.operator.key, {
      decision: "approved",
      approvalId,
      callerCredentials: { integrations: { "service.http": { token: fresh } } },
    });
    expect(approved.status).toBe(200);
    await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    expect(receiver.withMarker(m)[0]!.headers.authorization).toBe(`Bearer ${fresh}`);
    expect(JSON.stringify(await eventsOf(sessionId))).not.toContain(fresh);
  });

  it("follows the domain's approval policy", async () => {
    await db().domain.update({ where: { id: world.acme.ops }, data: { approverRoles: ["OWNER"] } });
    try {
      const { sessionId, executionId } = await suspended();
      expect((await decide(sessionId, world.people.operator.key, { decision: "approved" })).status).toBe(403);
      expect((await decide(sessionId, world.people.editor.key, { decision: "approved" })).status).toBe(403);
      expect((await decide(sessionId, world.people.owner.key, { decision: "approved" })).status).toBe(200);
      await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    } finally {
      await db().domain.update({
        where: { id: world.acme.ops },
        data: { approverRoles: ["OWNER", "EDITOR", "OPERATOR"] },
      });
    }
  });

  it("answers 409 when nothing is pending", async () => {
    const m = marker();
    const { sessionId, executionId } = await openOn(agents.read, world.people.operator.key, m);
    await waitForTurn(executionId);
    const response = await decide(sessionId, world.people.operator.key, { decision: "approved" });
    expect(response.status).toBe(409);
  });
});
