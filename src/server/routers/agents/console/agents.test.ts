import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, flow, knowledgeModule, type TAgentsWorld, type TPerson } from "../../../../../test/agents-kit";
import { consoleAs as consoleCaller } from "../../../../../test/console-kit";
import { appRouter } from "@/server/routers/root";
import { createAndPublishAgent } from "@/server/services/agents/create-and-publish-agent";
import { getPublishedRevision } from "@/server/services/agents/get-published-revision";
import { createContext } from "@/server/trpc/context";

let world: TAgentsWorld;
beforeAll(async () => {
  world = await agentsWorld();
});

/** The console's tRPC agents procedures for a person signed in with the service_session cookie. */
const consoleAs = async (who: TPerson) => (await consoleCaller(who)).agents;

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return "OK";
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code ?? String(error);
  }
}

describe("console agents procedures", () => {
  it("create, updateSetup, setBindingPolicies, verify and publish use the same rules as the API", async () => {
    const agents = await consoleAs(world.people.editor);
    const agent = await agents.create({
      domainId: world.acme.ops,
      name: "  Console agent ",
      description: "made in the console",
    });
    expect(agent).toEqual({
      id: expect.any(String),
      domainId: world.acme.ops,
      name: "Console agent",
      description: "made in the console",
      kind: "agent",
    });
    expect((await agents.updateSetup({ id: agent.id, procedure: "#service.http.get" })).setup.procedure).toBe(
      "#service.http.get",
    );
    expect(await agents.setBindingPolicies({ id: agent.id, policies: { "service.http": "caller_required" } })).toEqual({
      bindingPolicies: { "service.http": "caller_required" },
    });
    expect((await agents.verify({ id: agent.id })).plannedBelt).toEqual([
      { integrationId: "service.http", identityMode: "caller_required" },
    ]);
    expect(await agents.publish({ id: agent.id, changeNote: "from the console" })).toEqual({
      revision: 1,
      belt: [{ integrationId: "service.http", identityMode: "caller_required" }],
      identicalTo: null,
    });
    await agents.updateSetup({ id: agent.id, procedure: "#nope" });
    await expect(agents.publish({ id: agent.id })).rejects.toMatchObject({
      cause: { code: "VALIDATION", status: 422 },
    });
  });

  it("lists a domain's agents, reads one with its draft, and lists and reads revisions", async () => {
    const owner = await consoleAs(world.people.owner);
    const domain = world.acme.sales;
    const { agent } = await createAndPublishAgent(world.people.owner.actor, {
      domainId: domain,
      name: "Sales echo",
      setup: { procedure: "#service.http.get", approvalTools: ["service.http.get"] },
      bindingPolicies: { "service.http": "caller_preferred" },
      changeNote: "first",
    });
    await owner.publish({ id: agent.id });
    const draft = await owner.create({ domainId: domain, name: "A draft" });
    const { agents } = await owner.list({ domainId: domain });
    expect(agents.map((item) => [item.name, item.publishedRevision])).toEqual([
      ["A draft", null],
      ["Sales echo", 2],
    ]);
    const detail = (await owner.get({ id: agent.id })).agent;
    expect(detail).toMatchObject({
      id: agent.id,
      domainId: domain,
      setup: {
        procedure: "#service.http.get",
        model: "builtin:procedure",
        approvalTools: ["service.http.get"],
        principles: "",
      },
      bindingPolicies: { "service.http": "caller_preferred" },
      knowledgeSelection: { mode: "none", moduleIds: [] },
      publishedRevision: 2,
    });
    const { revisions } = await owner.listRevisions({ id: agent.id });
    expect(revisions).toEqual([
      {
        revision: 2,
        changeNote: null,
        publishedAt: expect.any(String),
        publishedBy: { id: world.people.owner.actor.userId, name: world.people.owner.actor.name },
      },
      { revision: 1, changeNote: "first", publishedAt: expect.any(String), publishedBy: expect.any(Object) },
    ]);
    expect((await owner.getRevision({ id: agent.id, revision: 1 })).revision.belt).toEqual([
      { integrationId: "service.http", identityMode: "caller_preferred" },
    ]);
    expect(await codeOf(owner.getRevision({ id: agent.id, revision: 3 }))).toBe("NOT_FOUND");
    expect((await owner.listRevisions({ id: draft.id })).revisions).toEqual([]);
  });

  it("lets every domain role view, but only Owners and Editors author", async () => {
    const { agent } = await createAndPublishAgent(world.people.owner.actor, {
      domainId: world.acme.ops,
      name: "Viewable",
    });
    for (const who of ["viewer", "operator"] as const) {
      const agents = await consoleAs(world.people[who]);
      expect((await agents.list({ domainId: world.acme.ops })).agents.some((item) => item.id === agent.id)).toBe(true);
      expect((await agents.get({ id: agent.id })).agent.id).toBe(agent.id);
      expect((await agents.listRevisions({ id: agent.id })).revisions).toHaveLength(1);
      expect(await codeOf(agents.updateSetup({ id: agent.id, principles: "x" }))).toBe("FORBIDDEN");
      expect(await codeOf(agents.setBindingPolicies({ id: agent.id, policies: {} }))).toBe("FORBIDDEN");
      expect(await codeOf(agents.publish({ id: agent.id }))).toBe("FORBIDDEN");
      expect(await codeOf(agents.verify({ id: agent.id }))).toBe("FORBIDDEN");
      expect(await codeOf(agents.setKnowledgeSelection({ id: agent.id, mode: "org" }))).toBe("FORBIDDEN");
      expect(await codeOf(agents.create({ domainId: world.acme.ops, name: "x" }))).toBe("FORBIDDEN");
    }
    const admin = await consoleAs(world.people.orgAdmin);
    expect(await codeOf(admin.list({ domainId: world.acme.ops }))).toBe("FORBIDDEN");
    expect(await codeOf(admin.get({ id: agent.id }))).toBe("FORBIDDEN");
    const outsider = await consoleAs(world.people.globexOwner);
    expect(await codeOf(outsider.list({ domainId: world.acme.ops }))).toBe("NOT_FOUND");
    expect(await codeOf(outsider.get({ id: agent.id }))).toBe("NOT_FOUND");
    expect(await codeOf(outsider.listRevisions({ id: agent.id }))).toBe("NOT_FOUND");
  });

  it("refuses the console without a cookie", async () => {
    const agents = appRouter.createCaller(createContext(new Request("http://127.0.0.1/api/trpc"), "console")).agents;
    expect(await codeOf(agents.list({ domainId: world.acme.ops }))).toBe("UNAUTHORIZED");
  });

  it("setBindingPolicies refuses invisible integrations and caller modes for credential-less ones", async () => {
    const agents = await consoleAs(world.people.owner);
    const { id } = await agents.create({ domainId: world.acme.ops, name: "Policies" });
    expect(await codeOf(agents.setBindingPolicies({ id, policies: { "nobody.crm": "caller_required" } }))).toBe(
      "VALIDATION",
    );
    expect(await codeOf(agents.setBindingPolicies({ id, policies: { "service.knowledge": "caller_required" } }))).toBe(
      "VALIDATION",
    );
    expect(
      await agents.setBindingPolicies({
        id,
        policies: { "service.knowledge": "service", "service.http": "caller_preferred" },
      }),
    ).toEqual({
      bindingPolicies: { "service.knowledge": "service", "service.http": "caller_preferred" },
    });
    // Replaces the whole map.
    expect(await agents.setBindingPolicies({ id, policies: {} })).toEqual({ bindingPolicies: {} });
  });

  it("setKnowledgeSelection needs manage_knowledge and validates modules", async () => {
    const agents = await consoleAs(world.people.editor);
    const { id } = await agents.create({ domainId: world.acme.ops, name: "Knows" });
    const module = (await knowledgeModule(world.acme.id, world.acme.ops)).id;
    expect(await agents.setKnowledgeSelection({ id, mode: "modules", moduleIds: [module, module] })).toEqual({
      mode: "modules",
      moduleIds: [module],
    });
    expect(await codeOf(agents.setKnowledgeSelection({ id, mode: "org", moduleIds: [module] }))).toBe("VALIDATION");
  });
});

describe("services for the runtime and the fixtures", () => {
  it("createAndPublishAgent goes through the same rules and returns revision 1", async () => {
    const result = await createAndPublishAgent(world.people.editor.actor, {
      domainId: world.acme.ops,
      name: "Fixture httpWrite",
      setup: {
        model: "builtin:procedure",
        procedure: '#service.http.post {"url": "http://127.0.0.1:4010/write"}',
        approvalTools: ["service.http.post"],
      },
      bindingPolicies: { "service.http": "caller_preferred" },
      knowledgeSelection: { mode: "domain", moduleIds: [] },
    });
    expect(result).toMatchObject({
      revision: 1,
      belt: [{ integrationId: "service.http", identityMode: "caller_preferred" }],
      agent: { kind: "agent" },
    });
    const snapshot = await getPublishedRevision(result.agent.id);
    expect(snapshot).toMatchObject({
      automationId: result.agent.id,
      revision: 1,
      setup: {
        model: "builtin:procedure",
        approvalTools: ["service.http.post"],
        bindingPolicies: { "service.http": "caller_preferred" },
      },
      knowledgeSelection: { mode: "domain", moduleIds: [] },
      publishedById: world.people.editor.actor.userId,
    });
    await expect(
      createAndPublishAgent(world.people.viewer.actor, { domainId: world.acme.ops, name: "x" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      createAndPublishAgent(world.people.owner.actor, { domainId: world.acme.ops, name: "n".repeat(121) }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      createAndPublishAgent(world.people.owner.actor, {
        domainId: world.acme.ops,
        name: "Broken",
        setup: { procedure: "#missing.tool" },
      }),
    ).rejects.toMatchObject({ code: "VALIDATION", status: 422 });
  });

  it("getPublishedRevision is null for drafts, flows and unknown ids", async () => {
    const agents = await consoleAs(world.people.owner);
    const draft = await agents.create({ domainId: world.acme.ops, name: "Never published" });
    expect(await getPublishedRevision(draft.id)).toBeNull();
    expect(await getPublishedRevision(crypto.randomUUID())).toBeNull();
    expect(await getPublishedRevision((await flow(world.acme.id, world.acme.ops)).id)).toBeNull();
  });
});
