import { beforeAll, describe, expect, it } from "vitest";
import {
  agentsWorld,
  api,
  deleteKnowledgeModule,
  draftRow,
  flow,
  knowledgeModule,
  revisionCount,
  type TAgentsWorld,
  type TApiResponse,
} from "../../../../test/agents-kit";
import { getPublishedRevision } from "@/server/services/agents/get-published-revision";

let world: TAgentsWorld;
let modules: { org: string; ops: string; ops2: string; sales: string; globex: string };
beforeAll(async () => {
  world = await agentsWorld();
  modules = {
    org: (await knowledgeModule(world.acme.id, null)).id,
    ops: (await knowledgeModule(world.acme.id, world.acme.ops)).id,
    ops2: (await knowledgeModule(world.acme.id, world.acme.ops)).id,
    sales: (await knowledgeModule(world.acme.id, world.acme.sales)).id,
    globex: (await knowledgeModule(world.globex.id, world.globex.main)).id,
  };
});

const selectionPath = (id: string) => `/authoring/automations/${id}/knowledge-selection`;

function expectError(response: TApiResponse, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code).toBe(code);
}

async function newAgent(procedure = "") {
  const response = await api("POST", "/authoring/automations", {
    credential: world.people.owner.key,
    body: { domainId: world.acme.ops, name: "Agent", initialSetup: { procedure } },
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function put(id: string, body: unknown, credential = world.people.owner.key) {
  return api("PUT", selectionPath(id), { credential, body });
}

describe("PUT /authoring/automations/{id}/knowledge-selection", () => {
  it.each(["none", "org", "domain"] as const)("sets mode %s with no modules", async (mode) => {
    const id = await newAgent();
    const response = await put(id, { mode });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mode, moduleIds: [] });
    expect(await draftRow(id)).toMatchObject({ knowledgeMode: mode.toUpperCase(), knowledgeModuleIds: [] });
    expect((await put(id, { mode, moduleIds: [] })).body).toEqual({ mode, moduleIds: [] });
  });

  it("selects organization modules and modules of the agent's domain, deduplicated in first-occurrence order", async () => {
    const id = await newAgent();
    const response = await put(id, {
      mode: "modules",
      moduleIds: [modules.ops2, modules.org, modules.ops2, modules.ops, modules.org],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mode: "modules", moduleIds: [modules.ops2, modules.org, modules.ops] });
    expect((await draftRow(id)).knowledgeModuleIds).toEqual([modules.ops2, modules.org, modules.ops]);
  });

  it("treats omitted moduleIds as none, also for mode modules", async () => {
    const id = await newAgent();
    await put(id, { mode: "modules", moduleIds: [modules.org] });
    expect((await put(id, { mode: "modules" })).body).toEqual({ mode: "modules", moduleIds: [] });
    await put(id, { mode: "modules", moduleIds: [modules.org] });
    expect((await put(id, { mode: "org" })).body).toEqual({ mode: "org", moduleIds: [] });
  });

  it("refuses moduleIds with a mode other than modules (400)", async () => {
    const id = await newAgent();
    const response = await put(id, { mode: "domain", moduleIds: [modules.ops] });
    expectError(response, 400, "VALIDATION");
    expect(response.body.error.details.issues[0].path).toBe("moduleIds");
  });

  it("answers 404 for unknown and other-organization modules, naming them", async () => {
    const id = await newAgent();
    const unknown = crypto.randomUUID();
    const response = await put(id, { mode: "modules", moduleIds: [modules.org, unknown, modules.globex] });
    expectError(response, 404, "NOT_FOUND");
    expect(response.body.error.details.moduleIds).toEqual([unknown, modules.globex]);
    expect((await draftRow(id)).knowledgeMode).toBe("NONE");
  });

  it("refuses a domain module of another domain (400)", async () => {
    const id = await newAgent();
    const response = await put(id, { mode: "modules", moduleIds: [modules.org, modules.sales] });
    expectError(response, 400, "VALIDATION");
    expect(response.body.error.details.issues).toEqual([
      { path: "moduleIds.1", message: expect.any(String), code: "custom" },
    ]);
    expect((await draftRow(id)).knowledgeModuleIds).toEqual([]);
  });

  it.each([
    ["100 module ids", 200, { mode: "modules", moduleIds: Array(100).fill("ORG") }],
    ["101 module ids", 400, { mode: "modules", moduleIds: Array(101).fill("ORG") }],
    ["unknown mode", 400, { mode: "all" }],
    ["missing mode", 400, {}],
    ["module id that is not a UUID", 400, { mode: "modules", moduleIds: ["kb-1"] }],
    ["unknown field", 400, { mode: "org", includeDrafts: true }],
  ])("%s -> %i", async (_label, status, body) => {
    const id = await newAgent();
    const payload = JSON.parse(JSON.stringify(body).replaceAll('"ORG"', JSON.stringify(modules.org)));
    const response = await put(id, payload);
    if (status === 200) expect(response.body).toEqual({ mode: "modules", moduleIds: [modules.org] });
    else expectError(response, 400, "VALIDATION");
  });

  it.each([
    ["domain Owner", "owner", null],
    ["domain Editor", "editor", null],
    ["domain Operator", "operator", 403],
    ["domain Viewer", "viewer", 403],
    ["org Admin without domain membership", "orgAdmin", 403],
    ["Editor of another domain", "salesEditor", 403],
    ["owner of another organization", "globexOwner", 404],
  ] as const)("%s", async (_label, who, status) => {
    const id = await newAgent();
    const response = await put(id, { mode: "org" }, world.people[who].token);
    if (status) {
      expectError(response, status, status === 403 ? "FORBIDDEN" : "NOT_FOUND");
      expect((await draftRow(id)).knowledgeMode).toBe("NONE");
    } else expect(response.status).toBe(200);
  });

  it("answers 404 for unknown, malformed and flow ids", async () => {
    expectError(await put(crypto.randomUUID(), { mode: "org" }), 404, "NOT_FOUND");
    expectError(await put("x", { mode: "org" }), 404, "NOT_FOUND");
    expectError(await put((await flow(world.acme.id, world.acme.ops)).id, { mode: "org" }), 404, "NOT_FOUND");
  });

  it("edits the draft only: the selection is published with the next revision", async () => {
    const id = await newAgent("#service.knowledge.search");
    await api("POST", `/authoring/automations/${id}/publish`, { credential: world.people.owner.key });
    await put(id, { mode: "modules", moduleIds: [modules.ops] });
    expect((await getPublishedRevision(id))!.knowledgeSelection).toEqual({ mode: "none", moduleIds: [] });
    await api("POST", `/authoring/automations/${id}/publish`, { credential: world.people.owner.key });
    expect(await getPublishedRevision(id)).toMatchObject({
      revision: 2,
      knowledgeSelection: { mode: "modules", moduleIds: [modules.ops] },
    });
  });

  it("blocks publish when a selected module has been deleted since", async () => {
    const gone = (await knowledgeModule(world.acme.id, null)).id;
    const id = await newAgent();
    await put(id, { mode: "modules", moduleIds: [gone] });
    await deleteKnowledgeModule(gone);
    const response = await api("POST", `/authoring/automations/${id}/publish`, { credential: world.people.owner.key });
    expectError(response, 422, "VALIDATION");
    expect(response.body.error.details.findings).toEqual([
      { kind: "unknown_knowledge_module", span: null, message: expect.stringContaining(gone), proposal: null },
    ]);
    expect(await revisionCount(id)).toBe(0);
  });
});
