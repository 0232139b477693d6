import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld, type TPerson } from "../../../../test/agents-kit";
import { consoleAs } from "../../../../test/console-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";

// The approvals inbox lists what waits for me: pending approvals I may decide under the
// approval rule (spec 4.2), across my domains, never another organization's, none for a Viewer.
// Real HTTP route, queue, workers and turn loop.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const writers = {} as Record<"ops" | "globex", string>;

const writerSetup = () => ({
  model: "builtin:procedure",
  procedure: `#service.http.post ${JSON.stringify({ url: `${receiver.base}/write`, body: { message: "{{message}}" } })}`,
  approvalTools: ["service.http.post"],
});

async function writerIn(person: TPerson, domainId: string) {
  await createConnection(person.actor, { domainId, integrationId: "service.http", name: "HTTP", token: "org-token" });
  return publishAgent(person.actor, domainId, writerSetup());
}

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  writers.ops = await writerIn(world.people.owner, world.acme.ops);
  writers.globex = await writerIn(world.people.globexOwner, world.globex.main);
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

async function waitingSession(agentId: string, person: TPerson, message: string, callerCredentials?: unknown) {
  const body = { message, ...(callerCredentials ? { callerCredentials } : {}) };
  const opened = await api("POST", `/agents/${agentId}/sessions`, { credential: person.key, body });
  expect(opened.status).toBe(202);
  await waitForTurn(opened.body.executionId, ["SUSPENDED"]);
  return opened.body as { sessionId: string; executionId: string };
}

const inboxOf = async (person: TPerson) => {
  const caller = await consoleAs(person);
  const [list, count] = await Promise.all([caller.approvalsInbox.list({}), caller.approvalsInbox.count({})]);
  expect(count.pending).toBe(list.total);
  return list;
};

describe("approvals inbox", () => {
  it("lists what I may decide, links each to its session, and drops it once decided", async () => {
    const ops = await waitingSession(writers.ops, world.people.operator, "Ship order 42");
    const globex = await waitingSession(writers.globex, world.people.globexOwner, "Ship globex order");

    for (const person of [world.people.operator, world.people.editor, world.people.owner]) {
      const inbox = await inboxOf(person);
      expect(inbox.approvals.map((approval) => approval.sessionId)).toEqual([ops.sessionId]);
      expect(inbox.approvals[0]).toMatchObject({
        sessionTitle: "Ship order 42",
        sessionKind: "domain",
        domain: { id: world.acme.ops, name: "Ops" },
        automation: { id: writers.ops, kind: "agent" },
        toolName: "service.http.post",
        reason: "approver_role",
      });
    }
    // A Viewer sees the session but may not decide; the org Admin and the Sales editor are no
    // approvers of Ops; Globex's owner sees only Globex's approval.
    for (const person of [world.people.viewer, world.people.orgAdmin, world.people.salesEditor])
      expect(await inboxOf(person)).toEqual({ approvals: [], total: 0 });
    expect((await inboxOf(world.people.globexOwner)).approvals.map((approval) => approval.sessionId)).toEqual([
      globex.sessionId,
    ]);

    const decided = await api("POST", `/agents/sessions/${ops.sessionId}/turn-approval`, {
      credential: world.people.operator.key,
      body: { decision: "rejected", comment: "Not today" },
    });
    expect(decided.status).toBe(200);
    await waitForTurn(ops.executionId, ["COMPLETED", "FAILED"]);
    expect(await inboxOf(world.people.editor)).toEqual({ approvals: [], total: 0 });
  });

  it("a call that runs on my own caller credential waits in my inbox only, whatever the approvers' roles", async () => {
    // Caller material preferred: the operator's own token, so the approval is routed to the operator.
    const routed = await publishAgent(world.people.owner.actor, world.acme.ops, writerSetup(), {
      bindingPolicies: { "service.http": "caller_preferred" },
    });
    const mine = await waitingSession(routed, world.people.operator, "Ship with my token", {
      integrations: { "service.http": { token: "operator-own-token" } },
    });
    const inbox = await inboxOf(world.people.operator);
    expect(inbox.approvals.find((approval) => approval.sessionId === mine.sessionId)).toMatchObject({
      reason: "your_credential",
      automation: { id: routed, kind: "agent" },
    });
    // The domain's approvers (its Owner and Editor) may not decide a call on someone else's credential.
    for (const person of [world.people.owner, world.people.editor])
      expect((await inboxOf(person)).approvals.map((approval) => approval.sessionId)).not.toContain(mine.sessionId);
  });
});
