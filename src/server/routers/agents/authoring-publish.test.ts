import { beforeAll, describe, expect, it } from "vitest";
import {
  agentsWorld,
  api,
  customIntegration,
  draftRow,
  flow,
  revisionCount,
  type TAgentsWorld,
  type TApiResponse,
} from "../../../../test/agents-kit";
import { getRevision } from "@/server/services/agents/get-revision";
import { setBindingPolicies } from "@/server/services/automations/set-binding-policies";
import { openApiDocument } from "@/server/trpc/openapi-document";

let world: TAgentsWorld;
beforeAll(async () => {
  world = await agentsWorld();
});

const verifyPath = (id: string) => `/authoring/automations/${id}/verify`;
const publishPath = (id: string) => `/authoring/automations/${id}/publish`;

function expectError(response: TApiResponse, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code).toBe(code);
}

async function newAgent(initialSetup: Record<string, unknown> = {}, domainId = world.acme.ops) {
  const response = await api("POST", "/authoring/automations", {
    credential: world.people.owner.key,
    body: { domainId, name: "Agent", initialSetup },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

const ROLES = [
  ["domain Owner", "owner", null],
  ["domain Editor", "editor", null],
  ["domain Operator", "operator", 403],
  ["domain Viewer", "viewer", 403],
  ["org Admin without domain membership", "orgAdmin", 403],
  ["Editor of another domain", "salesEditor", 403],
  ["owner of another organization", "globexOwner", 404],
] as const;

describe("GET /authoring/automations/{id}/verify", () => {
  it("answers findings, planned belt and warnings without changing anything", async () => {
    const procedure =
      "Fetch with #service.http.gett, then #service.http.post and #service.knowledge.search. Remember service.http.get";
    const id = await newAgent({ procedure });
    const before = await draftRow(id);
    const response = await api("GET", verifyPath(id), { credential: world.people.editor.token });
    expect(response.status).toBe(200);
    const start = procedure.indexOf("#service.http.gett");
    const bare = procedure.lastIndexOf("service.http.get");
    expect(response.body).toEqual({
      findings: [
        {
          kind: "unresolved_ref",
          span: { start, end: start + 18 },
          detail: expect.any(String),
          proposal: "#service.http.get",
        },
      ],
      plannedBelt: [
        { integrationId: "service.http", identityMode: "service" },
        { integrationId: "service.knowledge", identityMode: "service" },
      ],
      warnings: [
        { kind: "model_cannot_call_tools", span: null, detail: expect.any(String) },
        { kind: "knowledge_search_without_selection", span: null, detail: expect.any(String) },
        { kind: "unreferenced_tool_id", span: { start: bare, end: bare + 16 }, detail: expect.any(String) },
      ],
    });
    expect(await draftRow(id)).toEqual(before);
    expect(await revisionCount(id)).toBe(0);
  });

  it("reports an empty belt for a procedure without references", async () => {
    const response = await api("GET", verifyPath(await newAgent({ procedure: "Just chat." })), {
      credential: world.people.owner.key,
    });
    expect(response.body).toEqual({
      findings: [],
      plannedBelt: [],
      warnings: [{ kind: "empty_belt", span: null, detail: expect.any(String) }],
    });
  });

  it("binds each integration with the agent's policy", async () => {
    const id = await newAgent({ procedure: "#service.http.get then #service.knowledge.search" });
    await setBindingPolicies("AGENT", world.people.owner.actor, {
      id,
      policies: { "service.http": "caller_required" },
    });
    const response = await api("GET", verifyPath(id), { credential: world.people.owner.key });
    expect(response.body.plannedBelt).toEqual([
      { integrationId: "service.http", identityMode: "caller_required" },
      { integrationId: "service.knowledge", identityMode: "service" },
    ]);
  });

  it("resolves the organization's own enabled integrations only", async () => {
    const mine = await customIntegration(world.acme.id, `acme${Date.now()}`);
    const disabled = await customIntegration(world.acme.id, `acmeoff${Date.now()}`, { disabled: true });
    const theirs = await customIntegration(world.globex.id, `globex${Date.now()}`);
    const id = await newAgent({
      procedure: `#${mine}.list_contacts #${disabled}.list_contacts #${theirs}.list_contacts`,
    });
    const response = await api("GET", verifyPath(id), { credential: world.people.owner.key });
    expect(response.body.plannedBelt).toEqual([{ integrationId: mine, identityMode: "service" }]);
    expect(response.body.findings.map((finding: { kind: string }) => finding.kind)).toEqual([
      "unresolved_ref",
      "unresolved_ref",
    ]);
  });

  it.each(ROLES)("%s", async (_label, who, status) => {
    const response = await api("GET", verifyPath(await newAgent()), { credential: world.people[who].key });
    if (status) expectError(response, status, status === 403 ? "FORBIDDEN" : "NOT_FOUND");
    else expect(response.status).toBe(200);
  });

  it("answers 404 for unknown, malformed and flow ids and without a credential", async () => {
    const credential = world.people.owner.key;
    expectError(await api("GET", verifyPath(crypto.randomUUID()), { credential }), 404, "NOT_FOUND");
    expectError(await api("GET", verifyPath("nope"), { credential }), 404, "NOT_FOUND");
    expectError(
      await api("GET", verifyPath((await flow(world.acme.id, world.acme.ops)).id), { credential }),
      404,
      "NOT_FOUND",
    );
    expectError(await api("GET", verifyPath(await newAgent())), 404, "NOT_FOUND");
  });
});

describe("POST /authoring/automations/{id}/publish", () => {
  it("numbers revisions 1, 2, 3 and answers 201 { revision, belt }", async () => {
    const id = await newAgent({ procedure: "#service.http.get", model: "builtin:procedure" });
    const first = await api("POST", publishPath(id), { credential: world.people.owner.key });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ revision: 1, belt: [{ integrationId: "service.http", identityMode: "service" }] });
    expect(
      (await api("POST", publishPath(id), { credential: world.people.editor.token, body: {} })).body.revision,
    ).toBe(2);
    expect(
      (await api("POST", publishPath(id), { credential: world.people.owner.key, body: { changeNote: "third" } })).body
        .revision,
    ).toBe(3);
    expect((await draftRow(id)).publishedRevision).toBe(3);
    expect(await revisionCount(id)).toBe(3);
  });

  it("keeps published snapshots immutable when the draft changes", async () => {
    const owner = world.people.owner;
    const id = await newAgent({
      procedure: "#service.http.get",
      principles: "v1",
      approvalTools: ["service.http.get"],
    });
    await setBindingPolicies("AGENT", owner.actor, { id, policies: { "service.http": "caller_preferred" } });
    await api("POST", publishPath(id), { credential: owner.key, body: { changeNote: "  first release  " } });
    const patched = await api("PATCH", `/authoring/automations/${id}/setup`, {
      credential: owner.key,
      body: { principles: "v2", procedure: "#service.knowledge.search" },
    });
    expect(patched.status).toBe(200);
    await setBindingPolicies("AGENT", owner.actor, { id, policies: {} });
    const { revision } = await getRevision(owner.actor, { id, revision: 1 });
    expect(revision).toEqual({
      revision: 1,
      changeNote: "first release",
      publishedAt: expect.any(String),
      publishedBy: { id: owner.actor.userId, name: owner.actor.name },
      setup: {
        principles: "v1",
        procedure: "#service.http.get",
        model: "builtin:procedure",
        approvalTools: ["service.http.get"],
        actionClasses: {},
        bindingPolicies: { "service.http": "caller_preferred" },
      },
      belt: [{ integrationId: "service.http", identityMode: "caller_preferred" }],
      knowledgeSelection: { mode: "none", moduleIds: [] },
    });
    const second = await api("POST", publishPath(id), { credential: owner.key });
    expect(second.body).toEqual({
      revision: 2,
      belt: [{ integrationId: "service.knowledge", identityMode: "service" }],
    });
    expect((await getRevision(owner.actor, { id, revision: 1 })).revision).toEqual(revision);
    expect((await getRevision(owner.actor, { id, revision: 2 })).revision.setup.principles).toBe("v2");
  });

  it("refuses with 422 and the findings, leaving the draft unchanged and creating no revision", async () => {
    const procedure = "Use #service.http.gett now.";
    const id = await newAgent({ procedure, model: "mystery:model", approvalTools: ["service.http.pots"] });
    const before = await draftRow(id);
    const response = await api("POST", publishPath(id), {
      credential: world.people.owner.key,
      body: { changeNote: "nope" },
    });
    expectError(response, 422, "VALIDATION");
    expect(response.body.error.details.findings).toEqual([
      {
        message: expect.stringContaining("#service.http.gett"),
        span: { start: 4, end: 22 },
        kind: "unresolved_ref",
        proposal: "#service.http.get",
      },
      {
        message: expect.stringContaining("approvalTools[0]"),
        span: null,
        kind: "unknown_approval_tool",
        proposal: "service.http.post",
      },
      { message: expect.stringContaining("mystery:model"), span: null, kind: "unavailable_model", proposal: null },
    ]);
    expect(response.body.error.message).toContain("#service.http.gett");
    expect(await draftRow(id)).toEqual(before);
    expect(await revisionCount(id)).toBe(0);
  });

  it("refuses with 422 after earlier revisions without moving the pointer", async () => {
    const id = await newAgent({ procedure: "#service.http.get" });
    await api("POST", publishPath(id), { credential: world.people.owner.key });
    await api("PATCH", `/authoring/automations/${id}/setup`, {
      credential: world.people.owner.key,
      body: { procedure: "#broken.ref" },
    });
    expectError(await api("POST", publishPath(id), { credential: world.people.owner.key }), 422, "VALIDATION");
    expect((await draftRow(id)).publishedRevision).toBe(1);
    expect(await revisionCount(id)).toBe(1);
  });

  it("publishes despite warnings", async () => {
    const id = await newAgent({ procedure: "No tools, and service.http.get written bare." });
    expect((await api("POST", publishPath(id), { credential: world.people.owner.key })).body).toEqual({
      revision: 1,
      belt: [],
    });
  });

  it.each([
    ["changeNote of 2,000 characters", 201, { changeNote: "c".repeat(2_000) }],
    ["changeNote of 2,001 characters", 400, { changeNote: "c".repeat(2_001) }],
    ["changeNote of 2,000 characters after trimming", 201, { changeNote: `  ${"c".repeat(2_000)}  ` }],
    ["null changeNote", 201, { changeNote: null }],
    ["changeNote that is not a string", 400, { changeNote: 5 }],
    ["unknown field", 400, { note: "x" }],
  ])("%s -> %i", async (_label, status, body) => {
    const id = await newAgent();
    const response = await api("POST", publishPath(id), { credential: world.people.owner.key, body });
    if (status === 201) expect(response.status, JSON.stringify(response.body)).toBe(201);
    else {
      expectError(response, 400, "VALIDATION");
      expect(await revisionCount(id)).toBe(0);
    }
  });

  it("stores a blank changeNote as none", async () => {
    const id = await newAgent();
    await api("POST", publishPath(id), { credential: world.people.owner.key, body: { changeNote: "   " } });
    expect((await getRevision(world.people.owner.actor, { id, revision: 1 })).revision.changeNote).toBeNull();
  });

  it("gives concurrent publishes distinct consecutive numbers", async () => {
    const id = await newAgent({ procedure: "#service.http.get" });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => api("POST", publishPath(id), { credential: world.people.owner.key })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
    expect(responses.map((response) => response.body.revision).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await draftRow(id)).publishedRevision).toBe(6);
  });

  it.each(ROLES)("%s", async (_label, who, status) => {
    const id = await newAgent();
    const response = await api("POST", publishPath(id), { credential: world.people[who].token });
    if (status) {
      expectError(response, status, status === 403 ? "FORBIDDEN" : "NOT_FOUND");
      expect(await revisionCount(id)).toBe(0);
    } else expect(response.status).toBe(201);
  });

  it("answers 404 for unknown, malformed and flow ids", async () => {
    const credential = world.people.owner.key;
    expectError(await api("POST", publishPath(crypto.randomUUID()), { credential }), 404, "NOT_FOUND");
    expectError(await api("POST", publishPath("123"), { credential }), 404, "NOT_FOUND");
    expectError(
      await api("POST", publishPath((await flow(world.acme.id, world.acme.ops)).id), { credential }),
      404,
      "NOT_FOUND",
    );
  });
});

describe("the v1 OpenAPI document", () => {
  it("describes the five authoring routes with their real success statuses", () => {
    const paths = openApiDocument("v1").paths as Record<
      string,
      Record<string, { tags?: string[]; responses: Record<string, unknown> }>
    >;
    const expected: Array<[string, string, string]> = [
      ["/authoring/automations", "post", "201"],
      ["/authoring/automations/{id}/setup", "patch", "200"],
      ["/authoring/automations/{id}/verify", "get", "200"],
      ["/authoring/automations/{id}/publish", "post", "201"],
      ["/authoring/automations/{id}/knowledge-selection", "put", "200"],
    ];
    for (const [path, method, status] of expected) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(["Authoring"]);
      expect(Object.keys(operation!.responses)).toContain(status);
    }
    expect(Object.keys(paths["/authoring/automations/{id}/publish"]!.post!.responses)).toContain("422");
  });
});
