import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import type { TFlowGraph } from "@/contracts/flows/graph";
import { db } from "@/server/db/client";

// Flow revisions as the console publishes, compares and restores them: an unchanged document
// publishes a new number that says which revision it repeats, a comparison names the steps that changed, a restore copies a revision's
// document into the draft without publishing it.

let world: TAgentsWorld;
beforeAll(async () => {
  world = await agentsWorld();
});

const post = (id: string, url: string) => ({
  id,
  kind: "tool" as const,
  tool: "service.http.post",
  args: { url, body: "{{input}}" },
});
const graph = (...steps: TFlowGraph["steps"]): TFlowGraph => ({
  inputSchema: { type: "object", properties: { email: { type: "string" } } },
  steps,
});
const revisionCount = (automationId: string) =>
  db().automationRevision.count({ where: { automationId, revision: { gt: 0 } } });
const auditKinds = async (subjectId: string) =>
  (await db().auditEntry.findMany({ where: { subjectId }, orderBy: { createdAt: "asc" }, select: { kind: true } })).map(
    (entry) => entry.kind,
  );

async function newFlow(first: TFlowGraph) {
  const editor = await consoleAs(world.people.editor);
  const flow = await editor.flows.create({
    domainId: world.acme.ops,
    name: `Flow ${crypto.randomUUID().slice(0, 8)}`,
    graph: first,
  });
  return { editor, id: flow.id };
}

describe("flow revisions", () => {
  it("publishes every time, and says which revision an unchanged document repeats", async () => {
    const { editor, id } = await newFlow(graph(post("notify", "https://example.com/a")));
    expect((await editor.flows.publish({ id, changeNote: "First" })).revision).toBe(1);
    expect(await editor.flows.publish({ id, changeNote: "Again" })).toEqual({
      revision: 2,
      belt: [{ integrationId: "service.http", identityMode: "service" }],
      identicalTo: 1,
    });
    expect(await revisionCount(id)).toBe(2);
    await editor.flows.updateGraph({ id, graph: graph(post("notify", "https://example.com/b")) });
    expect(await editor.flows.publish({ id })).toMatchObject({ revision: 3, identicalTo: null });
    expect(await auditKinds(id)).toEqual(["flow.published", "flow.published", "flow.published"]);
  });

  it("compares two revisions step by step", async () => {
    const { editor, id } = await newFlow(
      graph(post("notify", "https://example.com/a"), post("archive", "https://example.com/archive")),
    );
    await editor.flows.publish({ id });
    await editor.flows.updateGraph({
      id,
      graph: graph(post("notify", "https://example.com/b"), post("audit", "https://example.com/audit")),
    });
    await editor.flows.publish({ id });

    const { changes } = await (await consoleAs(world.people.viewer)).flows.compareRevisions({ id, from: 1, to: 2 });
    expect(changes.map((change) => [change.field, change.change])).toEqual([
      ["step:notify", "changed"],
      ["step:audit", "added"],
      ["step:archive", "removed"],
      ["stepOrder", "changed"],
    ]);
    const notify = changes[0]!;
    expect(notify.label).toBe("Step “notify”");
    expect(notify.lines?.filter((line) => line.op !== "same")).toEqual([
      { op: "removed", text: '    "url": "https://example.com/a"' },
      { op: "added", text: '    "url": "https://example.com/b"' },
    ]);
    expect(changes[2]!.after).toBeNull();
  });

  it("restores a revision into the draft without publishing, and records flow.restored", async () => {
    const first = graph(post("notify", "https://example.com/a"));
    const { editor, id } = await newFlow(first);
    await editor.flows.publish({ id });
    await editor.flows.updateGraph({ id, graph: graph(post("notify", "https://example.com/b")) });
    await editor.flows.setBindingPolicies({ id, policies: { "service.http": "caller_required" } });
    await editor.flows.publish({ id });

    const restored = await editor.flows.restoreRevision({ id, revision: 1 });
    expect(restored.restoredRevision).toBe(1);
    expect(restored.flow.graph).toEqual(first);
    expect(restored.flow.bindingPolicies).toEqual({});
    expect(restored.flow.publishedRevision).toBe(2);
    expect((await editor.flows.get({ id })).flow.graph).toEqual(first);
    expect(await revisionCount(id)).toBe(2);
    expect(await auditKinds(id)).toEqual(["flow.published", "flow.published", "flow.restored"]);

    expect(await refusalOf((await consoleAs(world.people.viewer)).flows.restoreRevision({ id, revision: 1 }))).toBe(
      "FORBIDDEN 403",
    );
    expect(await refusalOf(editor.flows.restoreRevision({ id, revision: 7 }))).toBe("NOT_FOUND 404");
  });
});
