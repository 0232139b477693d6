import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, person, type TPerson } from "../../../../../test/agents-kit";
import { createDomain } from "../../../../../test/factories";
import { partnerPlatform, partnerRequest, seedFollower } from "../../../../../test/partner-kit";
import {
  eventsOf,
  publishAgent,
  startEngine,
  startReceiver,
  stopEngine,
  waitForTurn,
} from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { runFlowByHand } from "@/server/services/flows/run-flow";

// Worker approvals (spec 4.7) through the real partner route handler, on real suspended turns
// and flow runs driven by the real queue and workers.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TResponse = { status: number; body: any };

// Status and body only: tests compare whole answers for neutrality, and headers such as the
// rate-limit counters rightly differ from one request to the next.
async function partnerApi(
  method: string,
  path: string,
  options: { credential?: string; body?: unknown } = {},
): Promise<TResponse> {
  const { status, body } = await partnerRequest(method, path, options);
  return { status, body };
}

let partner: Awaited<ReturnType<typeof partnerPlatform>>;
let customer: Awaited<ReturnType<typeof seedFollower>>;
let elsewhere: { id: string };
let operator: TPerson;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let writeAgent: string;
let elsewhereAgent: string;
let routedAgent: string;
const leases = {} as Record<"approver" | "viewer" | "owner", string>;

const line = (tool: string, args: unknown) => `#${tool} ${JSON.stringify(args)}`;

async function workerLease(roles: Array<{ domainId: string; role: string }>) {
  const partnerSubject = `w-${crypto.randomUUID().slice(0, 8)}`;
  const vouched = await partnerApi("POST", `/organizations/${customer.organization.id}/workers`, {
    credential: partner.key,
    body: { partnerSubject, displayName: `Worker ${partnerSubject}`, domainRoles: roles },
  });
  expect(vouched.status).toBe(201);
  const minted = await partnerApi("POST", "/worker-token", {
    credential: partner.key,
    body: { orgId: customer.organization.id, appId: partner.appId, partnerSubject },
  });
  return { token: minted.body.token as string, userId: vouched.body.userId as string };
}

beforeAll(async () => {
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  partner = await partnerPlatform();
  customer = await seedFollower(partner.platform.id);
  elsewhere = await createDomain(customer.organization.id, "Elsewhere");
  const orgId = customer.organization.id;
  const owner = await person(orgId, "OWNER", [
    [customer.domain.id, "OWNER"],
    [elsewhere.id, "OWNER"],
  ]);
  operator = await person(orgId, "MEMBER", [
    [customer.domain.id, "OPERATOR"],
    [elsewhere.id, "OPERATOR"],
  ]);
  for (const domainId of [customer.domain.id, elsewhere.id]) {
    await createConnection(owner.actor, { domainId, integrationId: "service.http", name: "HTTP", token: "org-token" });
  }
  const setup = {
    model: "builtin:procedure",
    procedure: line("service.http.post", {
      url: `${receiver.base}/write`,
      headers: { "x-note": "secret-header-value" },
      body: { message: "{{message}}" },
    }),
    approvalTools: ["service.http.post"],
  };
  writeAgent = await publishAgent(owner.actor, customer.domain.id, setup);
  elsewhereAgent = await publishAgent(owner.actor, elsewhere.id, setup);
  routedAgent = await publishAgent(owner.actor, customer.domain.id, setup, {
    bindingPolicies: { "service.http": "caller_preferred" },
  });
  leases.approver = (await workerLease([{ domainId: customer.domain.id, role: "operator" }])).token;
  leases.viewer = (
    await workerLease([
      { domainId: customer.domain.id, role: "viewer" },
      { domainId: elsewhere.id, role: "viewer" },
    ])
  ).token;
  leases.owner = (await workerLease([{ domainId: elsewhere.id, role: "owner" }])).token;
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

async function suspendedTurn(agentId = writeAgent, callerCredentials?: unknown) {
  const message = `m-${crypto.randomUUID()}`;
  const opened = await api("POST", `/agents/${agentId}/sessions`, {
    credential: operator.key,
    body: { message, ...(callerCredentials ? { callerCredentials } : {}) },
  });
  expect(opened.status).toBe(202);
  expect(await waitForTurn(opened.body.executionId)).toMatchObject({ status: "SUSPENDED" });
  const event = (await eventsOf(opened.body.sessionId)).find((candidate) => candidate.type === "turn.suspended")!;
  return {
    sessionId: opened.body.sessionId as string,
    executionId: opened.body.executionId as string,
    message,
    approvalId: (event.data as { approvalId: string }).approvalId,
  };
}

const list = (lease: string, query = "") => partnerApi("GET", `/worker/approvals${query}`, { credential: lease });
const allIds = async (lease: string) =>
  (await list(lease, "?limit=100")).body.items.map((item: { id: string }) => item.id) as string[];
const decideSession = (lease: string, sessionId: string, body: unknown) =>
  partnerApi("POST", `/worker/approvals/sessions/${sessionId}`, { credential: lease, body });
const decideRun = (lease: string, runId: string, body: unknown) =>
  partnerApi("POST", `/worker/approvals/runs/${runId}`, { credential: lease, body });

describe("GET /worker/approvals", () => {
  it("lists what the worker may decide, with enough to decide it, and nothing else", async () => {
    const here = await suspendedTurn();
    const there = await suspendedTurn(elsewhereAgent);
    const approver = await list(leases.approver);
    expect(approver.status).toBe(200);
    const item = approver.body.items.find((candidate: { id: string }) => candidate.id === here.approvalId);
    expect(item).toEqual({
      id: here.approvalId,
      sessionId: here.sessionId,
      runId: null,
      executionId: here.executionId,
      domainId: customer.domain.id,
      automation: { id: writeAgent, name: expect.any(String), kind: "agent" },
      toolName: "service.http.post",
      args: expect.objectContaining({ url: `${receiver.base}/write` }),
      userRouted: false,
      requestedAt: expect.any(String),
    });
    expect(JSON.stringify(item.args)).not.toContain("secret-header-value");
    // The approver is no member of the other domain; a viewer is a member of both but no approver.
    expect(await allIds(leases.approver)).not.toContain(there.approvalId);
    expect(await allIds(leases.viewer)).toEqual([]);
    expect(await allIds(leases.owner)).toContain(there.approvalId);
    expect(await allIds(leases.owner)).not.toContain(here.approvalId);
  });

  it("leaves out a call routed to another person's caller credential, and refuses to decide it", async () => {
    const routed = await suspendedTurn(routedAgent, {
      integrations: { "service.http": { token: "operator-own-token" } },
    });
    expect(await db().approval.findUniqueOrThrow({ where: { id: routed.approvalId } })).toMatchObject({
      routedToUserId: operator.actor.userId,
    });
    expect(await allIds(leases.approver)).not.toContain(routed.approvalId);
    const refused = await decideSession(leases.approver, routed.sessionId, { decision: "approved" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
  });

  it("pages with limit and offset (default 50, at most 100) and counts the total", async () => {
    for (let i = 0; i < 3; i++) await suspendedTurn();
    const everything = await list(leases.approver, "?limit=100");
    expect(everything.body.total).toBe(everything.body.items.length);
    expect(everything.body.total).toBeGreaterThanOrEqual(3);
    const ids = everything.body.items.map((item: { id: string }) => item.id);
    const first = await list(leases.approver, "?limit=2");
    const second = await list(leases.approver, "?limit=2&offset=2");
    expect(first.body).toMatchObject({ limit: 2, offset: 0, total: everything.body.total });
    expect([...first.body.items, ...second.body.items].map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 4));
    expect((await list(leases.approver)).body).toMatchObject({ limit: 50, offset: 0 });
    for (const query of ["?limit=101", "?limit=0", "?limit=abc", "?offset=-1", "?limit=2.5", "?other=1"]) {
      const refused = await list(leases.approver, query);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.code).toBe("VALIDATION");
    }
  });
});

describe("POST /worker/approvals/sessions/{sessionId}", () => {
  it("approves a suspended turn as the worker: the parked call runs once, and a second decision is 409", async () => {
    const { sessionId, executionId, message, approvalId } = await suspendedTurn();
    const stale = await decideSession(leases.approver, sessionId, {
      decision: "approved",
      approvalId: crypto.randomUUID(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CONFLICT");
    const approved = await decideSession(leases.approver, sessionId, {
      decision: "approved",
      approvalId,
      comment: "fine",
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ ok: true, approvalId, decision: "approved" });
    expect(await waitForTurn(executionId, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    expect(receiver.withMarker(message)).toHaveLength(1);
    const decided = await db().approval.findUniqueOrThrow({ where: { id: approvalId }, include: { turn: false } });
    const worker = await db().workerMapping.findFirstOrThrow({
      where: { organizationId: customer.organization.id, displayName: { startsWith: "Worker" } },
      orderBy: { createdAt: "asc" },
    });
    expect(decided).toMatchObject({ status: "APPROVED", decidedById: worker.userId, comment: "fine" });
    const second = await decideSession(leases.approver, sessionId, { decision: "rejected", approvalId });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("CONFLICT");
    expect(await allIds(leases.approver)).not.toContain(approvalId);
  });

  it("rejects: the call never runs and the turn answers", async () => {
    const { sessionId, executionId, message } = await suspendedTurn();
    const rejected = await decideSession(leases.approver, sessionId, { decision: "rejected", comment: "no" });
    expect(rejected.body).toMatchObject({ ok: true, decision: "rejected" });
    expect(await waitForTurn(executionId, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    expect(receiver.withMarker(message)).toHaveLength(0);
  });

  it("is 403 for a visible session without the approval right, 404 outside the worker's sight, 401 for an app lease", async () => {
    const here = await suspendedTurn();
    const there = await suspendedTurn(elsewhereAgent);
    const forbidden = await decideSession(leases.viewer, here.sessionId, { decision: "approved" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe("FORBIDDEN");
    const invisible = await decideSession(leases.approver, there.sessionId, { decision: "approved" });
    const unknown = await decideSession(leases.approver, crypto.randomUUID(), { decision: "approved" });
    const malformed = await decideSession(leases.approver, "nope", { decision: "approved" });
    expect(invisible.status).toBe(404);
    expect(unknown).toEqual(invisible);
    expect(malformed).toEqual(invisible);
    const appLease = (
      await partnerApi("POST", "/token", {
        credential: partner.key,
        body: { orgId: customer.organization.id, appId: partner.appId },
      })
    ).body.token;
    expect((await decideSession(appLease, here.sessionId, { decision: "approved" })).status).toBe(401);
    expect((await decideSession(partner.key, here.sessionId, { decision: "approved" })).status).toBe(401);
    expect((await decideSession(leases.approver, here.sessionId, { decision: "maybe" })).status).toBe(400);
    expect(await db().approval.findUniqueOrThrow({ where: { id: here.approvalId } })).toMatchObject({
      status: "PENDING",
    });
  });

  it("is 404 for a session of another customer", async () => {
    const other = await partnerPlatform();
    const otherCustomer = await seedFollower(other.platform.id);
    const stranger = await person(otherCustomer.organization.id, "OWNER", [[otherCustomer.domain.id, "OWNER"]]);
    await createConnection(stranger.actor, {
      domainId: otherCustomer.domain.id,
      integrationId: "service.http",
      name: "HTTP",
      token: "t",
    });
    const agentId = await publishAgent(stranger.actor, otherCustomer.domain.id, {
      model: "builtin:procedure",
      procedure: line("service.http.post", { url: `${receiver.base}/w` }),
      approvalTools: ["service.http.post"],
    });
    const opened = await api("POST", `/agents/${agentId}/sessions`, {
      credential: stranger.key,
      body: { message: "hi" },
    });
    await waitForTurn(opened.body.executionId);
    const refused = await decideSession(leases.approver, opened.body.sessionId, { decision: "approved" });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("NOT_FOUND");
  });
});

describe("POST /worker/approvals/runs/{runId}", () => {
  async function parkedRun(domainId = customer.domain.id) {
    const owner = await person(customer.organization.id, "MEMBER", [[domainId, "OWNER"]]);
    const { flow } = await createAndPublishFlow(owner.actor, {
      domainId,
      name: `Flow ${crypto.randomUUID().slice(0, 8)}`,
      graph: {
        inputSchema: { type: "object", properties: {}, additionalProperties: true },
        steps: [
          { id: "approve", kind: "approval", title: "Send {{input.marker}}?" },
          { id: "done", kind: "transform", output: { sent: "{{input.marker}}" } },
        ],
      },
    });
    const started = await runFlowByHand(owner.actor, { id: flow.id, input: { marker: "x" } });
    expect(await waitForTurn(started.executionId)).toMatchObject({ status: "SUSPENDED" });
    return { ...started, flowId: flow.id };
  }

  it("lists the run's approval step and approves it: the run goes on to completion; a second decision is 409", async () => {
    const parked = await parkedRun();
    const item = (await list(leases.approver, "?limit=100")).body.items.find(
      (candidate: { runId: string | null }) => candidate.runId === parked.flowRunId,
    );
    expect(item).toMatchObject({
      sessionId: parked.sessionId,
      runId: parked.flowRunId,
      toolName: "flow.approval",
      automation: { id: parked.flowId, kind: "flow" },
      args: { stepId: "approve", title: "Send x?" },
    });
    const approved = await decideRun(leases.approver, parked.flowRunId, { decision: "approved", approvalId: item.id });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ ok: true, approvalId: item.id, decision: "approved" });
    expect(await waitForTurn(parked.executionId, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    expect(await db().flowRun.findUniqueOrThrow({ where: { id: parked.flowRunId } })).toMatchObject({
      status: "COMPLETED",
      output: { sent: "x" },
    });
    const second = await decideRun(leases.approver, parked.flowRunId, { decision: "approved" });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("CONFLICT");
  });

  it("refuses unknown, invisible and malformed runs with one 404, a viewer with 403, and callerCredentials with 400", async () => {
    const parked = await parkedRun();
    const unseen = await parkedRun(elsewhere.id);
    const unknown = await decideRun(leases.approver, crypto.randomUUID(), { decision: "approved" });
    expect(unknown.status).toBe(404);
    expect(await decideRun(leases.approver, unseen.flowRunId, { decision: "approved" })).toEqual(unknown);
    expect(await decideRun(leases.approver, "nope", { decision: "approved" })).toEqual(unknown);
    expect((await decideRun(leases.viewer, parked.flowRunId, { decision: "approved" })).status).toBe(403);
    expect(
      (await decideRun(leases.approver, parked.flowRunId, { decision: "approved", callerCredentials: {} })).status,
    ).toBe(400);
    const rejected = await decideRun(leases.approver, parked.flowRunId, { decision: "rejected", comment: "not today" });
    expect(rejected.body).toMatchObject({ ok: true, decision: "rejected" });
    await waitForTurn(parked.executionId, ["COMPLETED", "FAILED"]);
    expect((await db().flowRun.findUniqueOrThrow({ where: { id: parked.flowRunId } })).status).not.toBe("COMPLETED");
  });
});
