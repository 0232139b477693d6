import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { db } from "@/server/db/client";
import { createAgent } from "./create-agent";

// Publishing, comparing and restoring agent revisions as a person does it in the console (and
// a machine caller through v1): an unchanged draft publishes a new number as the spec says, and the
// console's answer names the revision it repeats; a comparison names what changed; a restore
// copies a revision into the draft only.

let world: TAgentsWorld;
beforeAll(async () => {
  world = await agentsWorld();
});

const revisionCount = (automationId: string) =>
  db().automationRevision.count({ where: { automationId, revision: { gt: 0 } } });
const auditOf = (subjectId: string) =>
  db().auditEntry.findMany({
    where: { subjectId },
    orderBy: { createdAt: "asc" },
    select: { kind: true, summary: true, data: true, actorUserId: true },
  });

async function newAgent(procedure = "Answer politely.") {
  const agent = await createAgent(world.people.owner.actor, {
    domainId: world.acme.ops,
    name: `Revisions ${crypto.randomUUID().slice(0, 8)}`,
    initialSetup: { model: "builtin:echo", principles: "Be brief.", procedure },
  });
  return agent.id;
}

describe("publishing an agent", () => {
  it("publishes a changed draft as the next revision and records agent.published with it", async () => {
    const id = await newAgent();
    const editor = await consoleAs(world.people.editor);
    const first = await editor.agents.publish({ id, changeNote: "First" });
    expect(first.revision).toBe(1);
    await editor.agents.updateSetup({ id, procedure: "Answer politely, in French." });
    expect((await editor.agents.publish({ id, changeNote: "French" })).revision).toBe(2);
    expect(await revisionCount(id)).toBe(2);
    const entries = await auditOf(id);
    expect(entries.map((entry) => [entry.kind, entry.data])).toEqual([
      ["agent.published", { revision: 1, changeNote: "First", domainId: world.acme.ops, identicalTo: null }],
      ["agent.published", { revision: 2, changeNote: "French", domainId: world.acme.ops, identicalTo: null }],
    ]);
    expect(entries[1]!.actorUserId).toBe(world.people.editor.actor.userId);
    expect(entries[1]!.summary).toMatch(/^Published revision 2 of agent “Revisions /);
  });

  it("says which revision an unchanged draft repeats, and still answers a new number (spec: publish -> new revision)", async () => {
    const id = await newAgent();
    const editor = await consoleAs(world.people.editor);
    expect(await editor.agents.publish({ id })).toEqual({ revision: 1, belt: [], identicalTo: null });
    // A change note alone is no change; neither is saving the same text again.
    await editor.agents.updateSetup({ id, procedure: "Answer politely." });
    expect(await editor.agents.publish({ id, changeNote: "Again" })).toEqual({ revision: 2, belt: [], identicalTo: 1 });
    expect(await revisionCount(id)).toBe(2);
    const entries = await auditOf(id);
    expect(entries.map((entry) => entry.kind)).toEqual(["agent.published", "agent.published"]);
    expect(entries[1]!.summary).toMatch(/\(identical to revision 1\)$/);

    // A machine caller gets the spec's answer: 201 { revision, belt } and nothing more.
    const blind = await api("POST", `/authoring/automations/${id}/publish`, {
      credential: world.people.editor.token,
      body: {},
    });
    expect(blind.status).toBe(201);
    expect(blind.body).toEqual({ revision: 3, belt: [] });
  });

  it("publishes a draft that differs from the published revision even when it equals an older one", async () => {
    const id = await newAgent("Version A");
    const editor = await consoleAs(world.people.editor);
    await editor.agents.publish({ id });
    await editor.agents.updateSetup({ id, procedure: "Version B" });
    await editor.agents.publish({ id });
    await editor.agents.updateSetup({ id, procedure: "Version A" });
    expect(await editor.agents.publish({ id })).toMatchObject({ revision: 3, identicalTo: null });
  });
});

describe("comparing agent revisions", () => {
  it("names each field that changed, with a line comparison of the procedure", async () => {
    const id = await newAgent("Greet the caller.\nAnswer the question.");
    const editor = await consoleAs(world.people.editor);
    await editor.agents.publish({ id });
    await editor.agents.updateSetup({
      id,
      procedure: "Greet the caller.\nAnswer the question in French.",
      approvalTools: ["service.http.post"],
    });
    await editor.agents.publish({ id });

    const compared = await (await consoleAs(world.people.viewer)).agents.compareRevisions({ id, from: 1, to: 2 });
    expect(compared.changes.map((change) => [change.field, change.label, change.change])).toEqual([
      ["procedure", "Procedure", "changed"],
      ["approvalTools", "Tools that need approval", "changed"],
    ]);
    const procedure = compared.changes[0]!;
    expect(procedure.before).toBe("Greet the caller.\nAnswer the question.");
    expect(procedure.after).toBe("Greet the caller.\nAnswer the question in French.");
    expect(procedure.lines).toEqual([
      { op: "same", text: "Greet the caller." },
      { op: "removed", text: "Answer the question." },
      { op: "added", text: "Answer the question in French." },
    ]);
    expect((await editor.agents.compareRevisions({ id, from: 2, to: 2 })).changes).toEqual([]);
  });

  it("refuses a revision that does not exist, and people outside the agent's domain", async () => {
    const id = await newAgent();
    await (await consoleAs(world.people.editor)).agents.publish({ id });
    expect(
      await refusalOf((await consoleAs(world.people.editor)).agents.compareRevisions({ id, from: 1, to: 9 })),
    ).toBe("NOT_FOUND 404");
    expect(
      await refusalOf((await consoleAs(world.people.salesEditor)).agents.compareRevisions({ id, from: 1, to: 1 })),
    ).toBe("FORBIDDEN 403");
  });
});

describe("restoring an agent revision into the draft", () => {
  it("copies the revision into the draft without publishing, and records agent.restored", async () => {
    const id = await newAgent("Old way");
    const editor = await consoleAs(world.people.editor);
    await editor.agents.publish({ id });
    await editor.agents.updateSetup({ id, procedure: "New way", model: "builtin:procedure" });
    await editor.agents.setKnowledgeSelection({ id, mode: "org" });
    await editor.agents.publish({ id });

    const restored = await editor.agents.restoreRevision({ id, revision: 1 });
    expect(restored.restoredRevision).toBe(1);
    expect(restored.agent.setup).toMatchObject({
      procedure: "Old way",
      model: "builtin:echo",
      principles: "Be brief.",
    });
    expect(restored.agent.knowledgeSelection).toEqual({ mode: "none", moduleIds: [] });
    expect(restored.agent.publishedRevision).toBe(2);
    expect((await editor.agents.get({ id })).agent.setup.procedure).toBe("Old way");
    expect(await revisionCount(id)).toBe(2);
    const restoredEntry = (await auditOf(id)).at(-1)!;
    expect(restoredEntry).toMatchObject({ kind: "agent.restored", data: { revision: 1 } });
    expect(restoredEntry.summary).toMatch(/^Restored revision 1 of agent “Revisions .*” into its draft$/);

    // Publishing the restored draft makes it the next revision, equal to revision 1.
    expect((await editor.agents.publish({ id, changeNote: "Back to the old way" })).revision).toBe(3);
    expect((await editor.agents.compareRevisions({ id, from: 1, to: 3 })).changes).toEqual([]);
  });

  it("is refused to those who cannot edit the agent, and for a revision that does not exist", async () => {
    const id = await newAgent();
    await (await consoleAs(world.people.editor)).agents.publish({ id });
    expect(await refusalOf((await consoleAs(world.people.viewer)).agents.restoreRevision({ id, revision: 1 }))).toBe(
      "FORBIDDEN 403",
    );
    expect(await refusalOf((await consoleAs(world.people.editor)).agents.restoreRevision({ id, revision: 4 }))).toBe(
      "NOT_FOUND 404",
    );
    expect((await auditOf(id)).map((entry) => entry.kind)).toEqual(["agent.published"]);
  });
});
