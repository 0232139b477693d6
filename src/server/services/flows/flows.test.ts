import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../test/agents-kit";
import { findAppError } from "@/server/errors";
import { createAgent } from "@/server/services/agents/create-agent";
import { createAndPublishAgent } from "@/server/services/agents/create-and-publish-agent";
import { getAgent } from "@/server/services/agents/get-agent";
import { buildAcmeFlows } from "@/server/services/fixtures/build-flows";
import { createFlow } from "./create-flow";
import { getFlow } from "./get-flow";
import { getFlowRevision } from "./get-flow-revision";
import { getPublishedFlowRevision } from "./get-published-flow-revision";
import { listRevisions } from "@/server/services/automations/revisions";
import { listFlows } from "./list-flows";
import { publishFlow } from "./publish-flow";
import { setBindingPolicies } from "@/server/services/automations/set-binding-policies";
import { updateFlowGraph } from "./update-flow-graph";
import { validateFlow } from "./validate-flow";

let world: TAgentsWorld;
let publishedAgent: string;
let draftAgent: string;
let salesAgent: string;
beforeAll(async () => {
  world = await agentsWorld();
  const owner = world.people.owner.actor;
  publishedAgent = (
    await createAndPublishAgent(owner, { domainId: world.acme.ops, name: "Helper", setup: { model: "builtin:echo" } })
  ).agent.id;
  draftAgent = (await createAgent(owner, { domainId: world.acme.ops, name: "Draft" })).id;
  salesAgent = (
    await createAndPublishAgent(owner, { domainId: world.acme.sales, name: "Sales", setup: { model: "builtin:echo" } })
  ).agent.id;
});

const inputSchema = { type: "object", properties: { email: { type: "string" } } };
const good = {
  inputSchema,
  steps: [
    {
      id: "post",
      kind: "tool" as const,
      tool: "service.http.post",
      args: { url: "https://example.com/x", body: "{{input}}" },
    },
    { id: "ask", kind: "agent" as const, automationId: "", prompt: "Summarize {{steps.post.output.body}}" },
  ],
};
const withAgent = (automationId: string) => ({ ...good, steps: [good.steps[0]!, { ...good.steps[1]!, automationId }] });

async function failure(promise: Promise<unknown>) {
  const error = findAppError(
    await promise.then(
      () => null,
      (caught: unknown) => caught,
    ),
  );
  expect(error, "expected the call to fail").toBeDefined();
  return error!;
}

async function newFlow(graph?: unknown) {
  return createFlow(world.people.editor.actor, { domainId: world.acme.ops, name: "Flow", graph: graph as never });
}

describe("flow authoring", () => {
  it("lets domain Owners and Editors create flows; others get 403, other organizations 404", async () => {
    const flow = await newFlow();
    expect(flow).toMatchObject({
      kind: "flow",
      domainId: world.acme.ops,
      publishedRevision: null,
      graph: { inputSchema: { type: "object" }, steps: [] },
    });
    for (const who of ["operator", "viewer", "orgAdmin", "salesEditor"] as const) {
      expect(
        (await failure(createFlow(world.people[who].actor, { domainId: world.acme.ops, name: "x" }))).status,
        who,
      ).toBe(403);
    }
    expect(
      (await failure(createFlow(world.people.globexOwner.actor, { domainId: world.acme.ops, name: "x" }))).status,
    ).toBe(404);
  });

  it("shows flows to viewers read-only, hides them from other organizations and from the agent routes", async () => {
    const flow = await newFlow(good);
    expect((await getFlow(world.people.viewer.actor, { id: flow.id })).flow.graph).toEqual(flow.graph);
    expect(
      (await listFlows(world.people.viewer.actor, { domainId: world.acme.ops })).flows.map((item) => item.id),
    ).toContain(flow.id);
    expect((await failure(updateFlowGraph(world.people.viewer.actor, { id: flow.id, graph: good }))).status).toBe(403);
    expect((await failure(publishFlow(world.people.operator.actor, { id: flow.id }))).status).toBe(403);
    expect((await failure(getFlow(world.people.globexOwner.actor, { id: flow.id }))).status).toBe(404);
    expect((await failure(getFlow(world.people.owner.actor, { id: publishedAgent }))).status).toBe(404);
    expect((await failure(getFlow(world.people.owner.actor, { id: "not-a-uuid" }))).status).toBe(404);
    expect((await failure(getAgent(world.people.owner.actor, { id: flow.id }))).status).toBe(404);
  });

  it("validates the saved draft or an unsaved document, looking agents up in the flow's domain", async () => {
    const flow = await newFlow(withAgent(draftAgent));
    const saved = await validateFlow(world.people.editor.actor, { id: flow.id });
    expect(saved.findings.map((finding) => finding.kind)).toEqual(["unpublished_agent"]);
    expect(saved.plannedBelt).toEqual([{ integrationId: "service.http", identityMode: "service" }]);
    const otherDomain = await validateFlow(world.people.editor.actor, { id: flow.id, graph: withAgent(salesAgent) });
    expect(otherDomain.findings.map((finding) => finding.kind)).toEqual(["unknown_agent"]);
    expect(
      (await validateFlow(world.people.editor.actor, { id: flow.id, graph: withAgent(publishedAgent) })).findings,
    ).toEqual([]);
    expect(
      (await validateFlow(world.people.editor.actor, { id: flow.id, graph: { steps: "nope" } })).findings[0]!.kind,
    ).toBe("invalid_document");
  });

  it("refuses to publish a draft with findings: 422 VALIDATION with details.findings, nothing created", async () => {
    const flow = await newFlow({
      inputSchema,
      steps: [{ id: "a", kind: "tool", tool: "service.http.pots", args: {}, next: "b" }],
    });
    const error = await failure(publishFlow(world.people.editor.actor, { id: flow.id, changeNote: "try" }));
    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION");
    expect(error.message).toMatch(/^The flow cannot be published: .*service\.http\.pots.* \(and 1 more\)$/);
    expect((error.details!.findings as Array<{ kind: string }>).map((finding) => finding.kind)).toEqual([
      "unknown_tool",
      "dangling_target",
    ]);
    expect((await listRevisions("FLOW", world.people.editor.actor, flow.id)).revisions).toEqual([]);
    expect((await getFlow(world.people.editor.actor, { id: flow.id })).flow.publishedRevision).toBeNull();
  });

  it("publishes immutable numbered revisions with the graph, binding policies and planned bindings", async () => {
    const flow = await newFlow(withAgent(publishedAgent));
    await setBindingPolicies("FLOW", world.people.editor.actor, {
      id: flow.id,
      policies: { "service.http": "caller_required" },
    });
    const first = await publishFlow(world.people.editor.actor, { id: flow.id, changeNote: "First" });
    expect(first).toEqual({
      revision: 1,
      belt: [{ integrationId: "service.http", identityMode: "caller_required" }],
      identicalTo: null,
    });

    const changed = { ...good, steps: [good.steps[0]!] };
    await updateFlowGraph(world.people.editor.actor, { id: flow.id, graph: changed });
    const one = (await getFlowRevision(world.people.viewer.actor, { id: flow.id, revision: 1 })).revision;
    expect(one).toMatchObject({
      revision: 1,
      changeNote: "First",
      graph: withAgent(publishedAgent),
      bindingPolicies: { "service.http": "caller_required" },
    });
    expect(one.publishedBy?.id).toBe(world.people.editor.actor.userId);

    expect((await publishFlow(world.people.owner.actor, { id: flow.id })).revision).toBe(2);
    const runs = await getPublishedFlowRevision(flow.id);
    expect(runs).toMatchObject({
      revision: 2,
      graph: changed,
      belt: [{ integrationId: "service.http", identityMode: "caller_required" }],
      changeNote: null,
    });
    expect(
      (await listRevisions("FLOW", world.people.viewer.actor, flow.id)).revisions.map((revision) => revision.revision),
    ).toEqual([2, 1]);
    expect((await failure(getFlowRevision(world.people.viewer.actor, { id: flow.id, revision: 3 }))).status).toBe(404);
    expect(await getPublishedFlowRevision(publishedAgent)).toBeNull();
  });

  // Binding-policy checks and concurrent numbering are pinned for both kinds in services/automations.

  it("builds the fixture flow echo: published, one tool step posting the input to <httpTarget>/flow", async () => {
    const { echo } = await buildAcmeFlows(world.people.owner.actor, world.acme.ops, "http://127.0.0.1:4010");
    const revision = await getPublishedFlowRevision(echo.id);
    expect(revision?.revision).toBe(1);
    expect(revision?.graph.steps).toEqual([
      {
        id: "post",
        kind: "tool",
        tool: "service.http.post",
        args: { url: "http://127.0.0.1:4010/flow", body: "{{input}}" },
      },
    ]);
    expect(revision?.belt).toEqual([{ integrationId: "service.http", identityMode: "service" }]);
  });
});
