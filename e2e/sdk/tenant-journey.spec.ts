import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createPartnerClient, type SessionStreamEnvelope } from "../../sdk/typescript/src/index";
import { provisioningBody } from "../support/partner";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { world } from "../support/world";

// Issue 40's journey: a customer whose people never sign in (directLoginDisabled), operated
// through the partner API alone with the TypeScript SDK, as its provisioned owner.

const callLine = (tool: string, args: unknown) => `#${tool} ${JSON.stringify(args)}`;

test("a partner provisions a partner-only customer and runs it end to end through the tenant routes", async () => {
  test.setTimeout(120_000);
  const partner = createPartnerClient({ baseUrl: world().baseUrl, credential: world().partner.key, subject: "owner" });
  const { data: customer } = await partner.organizations.provision(provisioningBody({ directLoginDisabled: true }));
  const orgId = customer.orgId;
  // The record names the customer's domain with its id.
  const domainId = customer.domains[0]!.id;
  const { data: domains } = await partner.tenantDomains.list({ orgId });
  expect(domains.items.map((domain) => domain.id)).toContain(domainId);

  // A connection: the token is write-only.
  const token = `tok-${randomUUID()}`;
  const { data: created } = await partner.tenantConnections.create({
    orgId,
    domainId,
    integrationId: "service.http",
    name: "Orders API",
    token,
  });
  expect(JSON.stringify(created)).not.toContain(token);

  // An agent with an HTTP write tool that a person approves first; verified and published.
  const marker = uniqueMarker("tenant");
  const { data: agent } = await partner.tenantAgents.create({
    orgId,
    domainId,
    name: "Order writer",
    initialSetup: {
      model: "builtin:procedure",
      procedure: [
        "Write the order; a person approves first.",
        callLine("service.http.post", { url: `${world().httpTarget}/write`, body: { message: "{{message}}" } }),
      ].join("\n"),
      approvalTools: ["service.http.post"],
    },
  });
  const { data: verified } = await partner.tenantAgents.verify({ orgId, id: agent.id });
  expect(verified.findings).toEqual([]);
  const published = await partner.tenantAgents.publish({ orgId, id: agent.id, changeNote: "First" });
  expect(published.status).toBe(201);

  // An API trigger with the agent subscribed, fired once: one session starts.
  const { data: trigger } = await partner.tenantTriggers.create({ orgId, type: "api", domainId, name: "Orders" });
  await partner.tenantTriggers.subscribe({ orgId, triggerId: trigger.trigger.id, automationId: agent.id });
  const fired = await partner.tenantTriggers.fire({
    orgId,
    triggerId: trigger.trigger.id,
    input: { prompt: `fired ${marker}` },
  });
  expect(fired.status).toBe(202);
  expect(fired.data.sessions.map((session) => session.automationId)).toEqual([agent.id]);

  // A session: follow its stream, approve the write when the turn suspends, read the transcript.
  const opened = await partner.tenantSessions.open({ orgId, automationId: agent.id, message: marker });
  expect(opened.status).toBe(202);
  const { sessionId } = opened.data;
  const seen: SessionStreamEnvelope[] = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 60_000);
  for await (const envelope of partner.tenantSessions.stream(
    { orgId, sessionId },
    { lastEventId: 0, signal: controller.signal },
  )) {
    seen.push(envelope);
    if (envelope.event === "turn.suspended") {
      const approvalId = String(envelope.data.approvalId);
      const decided = await partner.tenantSessions.decideApproval({
        orgId,
        sessionId,
        decision: "approved",
        approvalId,
      });
      expect(decided.data).toEqual({ ok: true, approvalId, decision: "approved" });
    }
    if (envelope.event === "turn.completed") break;
  }
  clearTimeout(timer);
  expect(seen.map((envelope) => envelope.event)).toContain("turn.suspended");
  expect(seen.at(-1)?.event).toBe("turn.completed");

  // The approved write reached the upstream once, with the connection's token.
  await expect.poll(async () => (await receivedRequests(marker)).filter((hit) => hit.path === "/write").length).toBe(1);
  const [write] = (await receivedRequests(marker)).filter((hit) => hit.path === "/write");
  expect(write!.headers.authorization).toBe(`Bearer ${token}`);
  const { data: session } = await partner.tenantSessions.get({ orgId, sessionId });
  expect(session.messages[0]).toMatchObject({ role: "user", body: marker });
  expect(session.pendingApprovalId).toBeNull();
  // The token never reaches the transcript.
  expect(JSON.stringify(session)).not.toContain(token);
});
