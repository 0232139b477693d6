import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../test/agents-kit";
import type { TUserActor } from "@/server/auth/actor";
import { findAppError, NOT_FOUND_MESSAGE } from "@/server/errors";
import { createAgent } from "@/server/services/agents/create-agent";
import { createAndPublishAgent } from "@/server/services/agents/create-and-publish-agent";
import { publishAgent } from "@/server/services/agents/publish-agent";
import { REVISION_SELECT } from "@/server/services/agents/revision-snapshot";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { createFlow } from "@/server/services/flows/create-flow";
import { FLOW_REVISION_SELECT } from "@/server/services/flows/flow-revision";
import { publishFlow } from "@/server/services/flows/publish-flow";
import { authorizeAutomation, type TAutomationKind } from "./automation-access";
import { listRevisions, readPublishedRevision, readRevision } from "./revisions";
import { setBindingPolicies } from "./set-binding-policies";

let world: TAgentsWorld;
beforeAll(async () => {
  world = await agentsWorld();
});

const graph = {
  inputSchema: { type: "object" },
  steps: [
    {
      id: "post",
      kind: "tool" as const,
      tool: "service.http.post",
      args: { url: "https://example.com/x", body: "{{input}}" },
    },
  ],
};

/** What differs between the kinds; everything below is pinned once for both. */
const kinds = {
  AGENT: {
    noun: "agent",
    other: "FLOW" as const,
    draft: (actor: TUserActor, domainId: string) => createAgent(actor, { domainId, name: "Draft agent" }),
    publish: (actor: TUserActor, id: string, changeNote?: string) => publishAgent(actor, { id, changeNote }),
    createAndPublish: (
      actor: TUserActor,
      bindingPolicies?: Record<string, "service" | "caller_preferred" | "caller_required">,
    ) =>
      createAndPublishAgent(actor, {
        domainId: world.acme.ops,
        name: "Made",
        setup: { procedure: '#service.http.post {"url":"https://example.com/x"}' },
        bindingPolicies,
      }).then(({ agent, ...published }) => ({ id: agent.id, ...published })),
    select: REVISION_SELECT,
  },
  FLOW: {
    noun: "flow",
    other: "AGENT" as const,
    draft: (actor: TUserActor, domainId: string) => createFlow(actor, { domainId, name: "Draft flow", graph }),
    publish: (actor: TUserActor, id: string, changeNote?: string) => publishFlow(actor, { id, changeNote }),
    createAndPublish: (
      actor: TUserActor,
      bindingPolicies?: Record<string, "service" | "caller_preferred" | "caller_required">,
    ) =>
      createAndPublishFlow(actor, { domainId: world.acme.ops, name: "Made", graph, bindingPolicies }).then(
        ({ flow, ...published }) => ({ id: flow.id, ...published }),
      ),
    select: FLOW_REVISION_SELECT,
  },
};

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

describe.each(["AGENT", "FLOW"] as const)("automations of kind %s", (kind: TAutomationKind) => {
  const the = kinds[kind];

  it("authorizes: the one uniform 404 for malformed, unknown, other-kind and other-organization ids; 403 without the permission", async () => {
    const owner = world.people.owner.actor;
    const mine = await the.draft(owner, world.acme.ops);
    const otherKind = await kinds[the.other].draft(owner, world.acme.ops);
    const message = NOT_FOUND_MESSAGE;
    for (const [actor, id] of [
      [owner, "not-a-uuid"],
      [owner, crypto.randomUUID()],
      [owner, otherKind.id],
      [world.people.globexOwner.actor, mine.id],
    ] as const) {
      expect(await failure(authorizeAutomation(actor, id, kind, "view"))).toMatchObject({
        code: "NOT_FOUND",
        status: 404,
        message,
      });
    }
    expect(
      (await failure(authorizeAutomation(world.people.viewer.actor, mine.id, kind, "edit_automation"))).status,
    ).toBe(403);
    expect((await failure(authorizeAutomation(world.people.salesEditor.actor, mine.id, kind, "view"))).status).toBe(
      403,
    );
    expect(await authorizeAutomation(world.people.viewer.actor, mine.id, kind, "view")).toEqual({
      id: mine.id,
      name: mine.name,
      domainId: world.acme.ops,
      organizationId: world.acme.id,
    });
  });

  it("sets binding policies only to visible integrations, and credential-less ones only as service", async () => {
    const { id } = await the.draft(world.people.owner.actor, world.acme.ops);
    const editor = world.people.editor.actor;
    const unknown = await failure(setBindingPolicies(kind, editor, { id, policies: { "nope.crm": "service" } }));
    expect(unknown).toMatchObject({
      code: "VALIDATION",
      status: 400,
      message: "Invalid request: policies.nope.crm: no integration with this id is available.",
    });
    expect(unknown.details).toEqual({
      issues: [{ path: "policies.nope.crm", message: "no integration with this id is available", code: "custom" }],
    });
    expect(
      (await failure(setBindingPolicies(kind, editor, { id, policies: { "service.knowledge": "caller_required" } })))
        .message,
    ).toContain("binds only as service");
    expect((await failure(setBindingPolicies(kind, world.people.viewer.actor, { id, policies: {} }))).status).toBe(403);
    expect(
      await setBindingPolicies(kind, editor, {
        id,
        policies: { "service.knowledge": "service", "service.http": "caller_preferred" },
      }),
    ).toEqual({
      bindingPolicies: { "service.knowledge": "service", "service.http": "caller_preferred" },
    });
    expect(await setBindingPolicies(kind, editor, { id, policies: {} })).toEqual({ bindingPolicies: {} });
  });

  it("numbers published revisions, lists them newest first and reads one with its publisher", async () => {
    const { id } = await the.draft(world.people.owner.actor, world.acme.ops);
    expect(await readPublishedRevision(kind, id, the.select)).toBeNull();
    expect((await listRevisions(kind, world.people.viewer.actor, id)).revisions).toEqual([]);
    expect((await the.publish(world.people.editor.actor, id, "First")).revision).toBe(1);
    expect((await the.publish(world.people.owner.actor, id)).revision).toBe(2);

    const { revisions } = await listRevisions(kind, world.people.viewer.actor, id);
    expect(revisions.map((revision) => [revision.revision, revision.changeNote, revision.publishedBy?.id])).toEqual([
      [2, null, world.people.owner.actor.userId],
      [1, "First", world.people.editor.actor.userId],
    ]);
    const { summary } = await readRevision(kind, world.people.viewer.actor, id, 1, the.select);
    expect(summary).toEqual(revisions[1]);
    expect(await failure(readRevision(kind, world.people.viewer.actor, id, 3, the.select))).toMatchObject({
      status: 404,
      message: NOT_FOUND_MESSAGE,
    });
    expect((await failure(listRevisions(kind, world.people.globexOwner.actor, id))).status).toBe(404);
    expect((await readPublishedRevision(kind, id, the.select))?.revision).toBe(2);
    expect(await readPublishedRevision(the.other, id, the.select)).toBeNull();
    expect(await readPublishedRevision(kind, crypto.randomUUID(), the.select)).toBeNull();
  });

  it("numbers concurrent publishes without gaps or duplicates", async () => {
    const { id } = await the.draft(world.people.owner.actor, world.acme.ops);
    const results = await Promise.all([1, 2, 3].map(() => the.publish(world.people.editor.actor, id)));
    expect(results.map((result) => result.revision).sort()).toEqual([1, 2, 3]);
  });

  it("creates and publishes revision 1 through the route rules, bindings before publish", async () => {
    const made = await the.createAndPublish(world.people.editor.actor, { "service.http": "caller_required" });
    expect(made).toMatchObject({
      revision: 1,
      belt: [{ integrationId: "service.http", identityMode: "caller_required" }],
    });
    await expect(the.createAndPublish(world.people.viewer.actor)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(the.createAndPublish(world.people.editor.actor, { "nope.crm": "service" })).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });
});
