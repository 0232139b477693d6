import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDomainMember, createDomain } from "../../../../test/factories";
import { postInputGraph } from "../../../../test/flows-kit";
import { partnerPlatform, seedFollower } from "../../../../test/partner-kit";
import { startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { runFlowByHand } from "@/server/services/flows/run-flow";

// Flows on the partner tenant routes (issue 40): read-only; the flows, their revisions and their
// runs, with the console's services, as the subject with their current domain roles.

let w: TTenantWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let otherOrgId: string;
let flowId: string;
let runs: string[];
const orgToken = `org-token-${randomUUID()}`;

beforeAll(async () => {
  w = await tenantWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  await w.vouch("viewer-1", "viewer");
  otherOrgId = (await seedFollower((await partnerPlatform()).platform.id)).organization.id;
  await createConnection(w.ownerActor, {
    domainId: w.domain.id,
    integrationId: "service.http",
    name: "HTTP",
    token: orgToken,
  });
  const { flow } = await createAndPublishFlow(w.ownerActor, {
    domainId: w.domain.id,
    name: "Post the input",
    graph: postInputGraph(`${receiver.base}/in`),
    changeNote: "First",
  });
  flowId = flow.id;
  runs = [];
  for (const amount of [1, 2, 3]) {
    const started = await runFlowByHand(w.ownerActor, { id: flowId, input: { amount } });
    await waitForTurn(started.executionId);
    runs.push(started.sessionId);
  }
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

describe("tenant flows: reads", () => {
  it("lists the subject's flows and reads one, its revisions and a revision", async () => {
    const list = await w.tenant("GET", "/flows", { subject: "viewer-1" });
    expect(list.status).toBe(200);
    expect(list.body.flows).toEqual([
      expect.objectContaining({ id: flowId, domainId: w.domain.id, publishedRevision: 1, stepCount: 1 }),
    ]);
    expect((await w.tenant("GET", `/flows?domainId=${w.domain.id}`)).body).toEqual(list.body);
    const read = await w.tenant("GET", `/flows/${flowId}`, { subject: "viewer-1" });
    expect(read.status).toBe(200);
    expect(read.body.flow).toMatchObject({ id: flowId, kind: "flow", publishedRevision: 1 });
    const revisions = await w.tenant("GET", `/flows/${flowId}/revisions`, { subject: "viewer-1" });
    expect(revisions.body.revisions).toEqual([
      expect.objectContaining({
        revision: 1,
        changeNote: "First",
        publishedBy: { id: w.owner.id, name: w.owner.name },
      }),
    ]);
    const revision = await w.tenant("GET", `/flows/${flowId}/revisions/1`, { subject: "viewer-1" });
    expect(revision.status).toBe(200);
    expect(revision.body.revision).toMatchObject({ revision: 1, belt: [{ integrationId: "service.http" }] });
    expect(revision.body.revision.graph.steps[0].id).toBe("post");
    for (const missing of ["2", "x"]) {
      expect((await w.tenant("GET", `/flows/${flowId}/revisions/${missing}`)).status).toBe(404);
    }
  });

  it("pages a flow's runs newest first by cursor and reads one run's steps, no connection secret in them", async () => {
    const first = await w.tenant("GET", `/flows/${flowId}/runs?limit=2`, { subject: "viewer-1" });
    expect(first.status).toBe(200);
    expect(first.body.sessions.map((run: { id: string }) => run.id)).toEqual([runs[2], runs[1]]);
    expect(first.body.sessions[0]).toMatchObject({ automationKind: "flow", agent: { id: flowId }, testRun: false });
    const second = await w.tenant("GET", `/flows/${flowId}/runs?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ sessions: [expect.objectContaining({ id: runs[0] })], nextCursor: null });
    expect((await w.tenant("GET", `/flows/${flowId}/runs?limit=0`)).status).toBe(400);
    expect((await w.tenant("GET", `/flows/${flowId}/runs?cursor=nope`)).status).toBe(400);

    const run = await w.tenant("GET", `/flows/${flowId}/runs/${runs[0]}`, { subject: "viewer-1" });
    expect(run.status).toBe(200);
    expect(run.body.flowRun).toMatchObject({
      sessionId: runs[0],
      automationId: flowId,
      revision: 1,
      status: "completed",
      input: { amount: 1 },
      steps: [expect.objectContaining({ stepId: "post", kind: "tool", status: "completed" })],
    });
    expect(JSON.stringify(receiver.requests)).toContain(orgToken);
    expect(JSON.stringify([first.body, second.body, run.body])).not.toContain(orgToken);
  });

  it("a session that is no run of this flow, or an unknown one, is 404", async () => {
    const other = await createAndPublishFlow(w.ownerActor, {
      domainId: w.domain.id,
      name: "Another",
      graph: { inputSchema: { type: "object" }, steps: [{ id: "t", kind: "transform", output: {} }] },
    });
    for (const path of [
      `/flows/${other.flow.id}/runs/${runs[0]}`,
      `/flows/${flowId}/runs/${randomUUID()}`,
      `/flows/${flowId}/runs/not-a-uuid`,
    ]) {
      const refused = await w.tenant("GET", path);
      expect(refused.status, path).toBe(404);
      expect(refused.body.error.code).toBe("NOT_FOUND");
    }
  });
});

describe("tenant flows: roles and neutral refusals", () => {
  it("a flow in a domain the subject has no role in: absent from the list, 403 to read", async () => {
    const elsewhere = await createDomain(w.orgId, "Back office");
    await addDomainMember(elsewhere.id, w.owner.id, "OWNER");
    const { flow } = await createAndPublishFlow(w.ownerActor, {
      domainId: elsewhere.id,
      name: "Back office flow",
      graph: { inputSchema: { type: "object" }, steps: [{ id: "t", kind: "transform", output: {} }] },
    });
    const asViewer = await w.tenant("GET", "/flows", { subject: "viewer-1" });
    expect(asViewer.body.flows.map((item: { id: string }) => item.id)).not.toContain(flow.id);
    expect((await w.tenant("GET", "/flows")).body.flows.map((item: { id: string }) => item.id)).toContain(flow.id);
    for (const path of [
      `/flows/${flow.id}`,
      `/flows/${flow.id}/revisions`,
      `/flows/${flow.id}/revisions/1`,
      `/flows/${flow.id}/runs`,
      `/flows?domainId=${elsewhere.id}`,
    ]) {
      const refused = await w.tenant("GET", path, { subject: "viewer-1" });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.code).toBe("FORBIDDEN");
    }
  });

  it("another platform's customer and a nonexistent one answer byte for byte the same 404", async () => {
    const answers = await Promise.all([
      w.tenant("GET", `/organizations/${otherOrgId}/flows`),
      w.tenant("GET", `/organizations/${randomUUID()}/flows`),
      w.tenant("GET", `/organizations/${otherOrgId}/flows/${flowId}`),
      w.tenant("GET", `/organizations/${otherOrgId}/flows/${flowId}/runs/${runs[0]}`),
    ]);
    const first = JSON.stringify(answers[0]!.body);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toBe(first);
    }
  });

  it("unknown, malformed and agent ids are the flow's 404; the routes are read-only", async () => {
    const agent = await w.tenant("POST", "/authoring/automations", {
      body: { domainId: w.domain.id, name: "An agent" },
    });
    for (const id of [randomUUID(), "nope", agent.body.id]) {
      const refused = await w.tenant("GET", `/flows/${id}`);
      expect(refused.status, id).toBe(404);
    }
    expect((await w.tenant("POST", "/flows", { body: {} })).status).toBe(405);
  });
});
