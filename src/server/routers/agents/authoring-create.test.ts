import { beforeAll, describe, expect, it } from "vitest";
import {
  agentsWorld,
  api,
  draftRow,
  flow,
  revisionCount,
  type TAgentsWorld,
  type TApiResponse,
} from "../../../../test/agents-kit";

let world: TAgentsWorld;
beforeAll(async () => {
  world = await agentsWorld();
});

const CREATE = "/authoring/automations";
const setupPath = (id: string) => `/authoring/automations/${id}/setup`;

function expectError(response: TApiResponse, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(typeof response.body.error.message).toBe("string");
}

async function createAs(credential: string, body: Record<string, unknown> = {}) {
  return api("POST", CREATE, { credential, body: { domainId: world.acme.ops, name: "Support agent", ...body } });
}

async function newAgent(body: Record<string, unknown> = {}) {
  const response = await createAs(world.people.owner.key, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

describe("POST /authoring/automations", () => {
  it("creates a draft agent and answers 201 with exactly the create response", async () => {
    const response = await createAs(world.people.owner.key, { description: "Answers support questions" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      domainId: world.acme.ops,
      name: "Support agent",
      description: "Answers support questions",
      kind: "agent",
    });
    const row = await draftRow(response.body.id);
    expect(row).toMatchObject({
      kind: "AGENT",
      principles: "",
      procedure: "",
      model: "builtin:procedure",
      approvalTools: [],
      publishedRevision: null,
    });
    expect(row.createdById).toBe(world.people.owner.actor.userId);
    expect(await revisionCount(response.body.id)).toBe(0);
  });

  it("accepts a short-lived user token (yku_) as well as a personal key", async () => {
    expect((await createAs(world.people.editor.token)).status).toBe(201);
    expect((await createAs(world.people.editor.key)).status).toBe(201);
  });

  it("trims name and description; a blank or null description is null", async () => {
    const response = await createAs(world.people.owner.key, { name: "  Spaced  ", description: "  text \n" });
    expect(response.body).toMatchObject({ name: "Spaced", description: "text" });
    expect((await createAs(world.people.owner.key, { description: "   " })).body.description).toBeNull();
    expect((await createAs(world.people.owner.key, { description: null })).body.description).toBeNull();
    expect((await createAs(world.people.owner.key)).body.description).toBeNull();
  });

  it("stores initialSetup in the draft without publishing it", async () => {
    const initialSetup = {
      principles: "Be kind.",
      procedure: "Call #service.http.get",
      model: "  builtin:procedure ",
      approvalTools: ["service.http.post"],
    };
    const id = await newAgent({ initialSetup });
    expect(await draftRow(id)).toMatchObject({ ...initialSetup, model: "builtin:procedure", publishedRevision: null });
    expect(await revisionCount(id)).toBe(0);
    const partial = await newAgent({ initialSetup: { procedure: "only this" } });
    expect(await draftRow(partial)).toMatchObject({
      procedure: "only this",
      principles: "",
      model: "builtin:procedure",
      approvalTools: [],
    });
  });

  it.each([
    ["name of 120 characters", 201, { name: "n".repeat(120) }],
    ["name of 121 characters", 400, { name: "n".repeat(121) }],
    ["blank name", 400, { name: "   " }],
    ["missing name", 400, { name: undefined }],
    ["description of 2,000 characters", 201, { description: "d".repeat(2_000) }],
    ["description of 2,001 characters", 400, { description: "d".repeat(2_001) }],
    ["description of 2,000 characters after trimming", 201, { description: ` ${"d".repeat(2_000)} ` }],
    ["domainId that is not a UUID", 400, { domainId: "ops" }],
    ["missing domainId", 400, { domainId: undefined }],
    ["principles of 100,000 characters", 201, { initialSetup: { principles: "p".repeat(100_000) } }],
    ["principles of 100,001 characters", 400, { initialSetup: { principles: "p".repeat(100_001) } }],
    ["procedure of 200,000 characters", 201, { initialSetup: { procedure: "p".repeat(200_000) } }],
    ["procedure of 200,001 characters", 400, { initialSetup: { procedure: "p".repeat(200_001) } }],
    ["50 approval tools", 201, { initialSetup: { approvalTools: Array.from({ length: 50 }, (_, i) => `t${i}`) } }],
    ["51 approval tools", 400, { initialSetup: { approvalTools: Array.from({ length: 51 }, (_, i) => `t${i}`) } }],
    ["approval tool of 100 characters", 201, { initialSetup: { approvalTools: ["a".repeat(100)] } }],
    ["approval tool of 101 characters", 400, { initialSetup: { approvalTools: ["a".repeat(101)] } }],
    ["empty approval tool", 400, { initialSetup: { approvalTools: [""] } }],
    ["blank model", 400, { initialSetup: { model: "   " } }],
    ["unknown top-level field", 400, { kind: "flow" }],
    ["unknown field inside initialSetup", 400, { initialSetup: { procedure: "x", temperature: 1 } }],
    ["initialSetup that is not an object", 400, { initialSetup: "x" }],
  ])("%s -> %i", async (_label, status, body) => {
    const response = await createAs(world.people.owner.key, body);
    if (status === 201) expect(response.status, JSON.stringify(response.body)).toBe(201);
    else {
      expectError(response, 400, "VALIDATION");
      expect(response.body.error.details.issues.length).toBeGreaterThan(0);
    }
  });

  it("names the unknown field in the validation details", async () => {
    const response = await createAs(world.people.owner.key, { initialSetup: { temperature: 1 } });
    expect(JSON.stringify(response.body.error.details.issues)).toContain("temperature");
  });

  it.each([
    ["domain Owner", "owner", 201, null],
    ["domain Editor", "editor", 201, null],
    ["domain Operator", "operator", 403, "FORBIDDEN"],
    ["domain Viewer", "viewer", 403, "FORBIDDEN"],
    ["org Admin without domain membership", "orgAdmin", 403, "FORBIDDEN"],
    ["Editor of another domain", "salesEditor", 403, "FORBIDDEN"],
    ["owner of another organization", "globexOwner", 404, "NOT_FOUND"],
  ] as const)("%s", async (_label, who, status, code) => {
    const response = await createAs(world.people[who].key);
    if (code) expectError(response, status, code);
    else expect(response.status).toBe(status);
  });

  it("answers 404 for an unknown domain and for missing or invalid credentials", async () => {
    expectError(await createAs(world.people.owner.key, { domainId: crypto.randomUUID() }), 404, "NOT_FOUND");
    expectError(await api("POST", CREATE, { body: { domainId: world.acme.ops, name: "x" } }), 404, "NOT_FOUND");
    expectError(await createAs(`yk_${"0".repeat(52)}`), 404, "NOT_FOUND");
  });
});

describe("methods", () => {
  it("answers 405 with Allow for other methods on the authoring paths", async () => {
    const id = crypto.randomUUID();
    for (const [method, path, allow] of [
      ["GET", CREATE, "POST"],
      ["PUT", setupPath(id), "PATCH"],
      ["POST", `/authoring/automations/${id}/verify`, "GET"],
      ["GET", `/authoring/automations/${id}/publish`, "POST"],
      ["POST", `/authoring/automations/${id}/knowledge-selection`, "PUT"],
    ] as const) {
      const response = await api(method, path, { credential: world.people.owner.key });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.body.error.code).toBe("METHOD_NOT_ALLOWED");
      expect(response.headers.get("allow")).toBe(allow);
    }
  });
});

describe("PATCH /authoring/automations/{id}/setup", () => {
  it("patches the given fields, keeps the others and answers 200 { setup }", async () => {
    const id = await newAgent({ initialSetup: { principles: "Old", procedure: "Old procedure" } });
    const response = await api("PATCH", setupPath(id), {
      credential: world.people.owner.key,
      body: { procedure: "New #service.http.get", approvalTools: ["service.http.post"] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      setup: {
        principles: "Old",
        procedure: "New #service.http.get",
        model: "builtin:procedure",
        approvalTools: ["service.http.post"],
        actionClasses: {},
      },
    });
    const model = await api("PATCH", setupPath(id), {
      credential: world.people.editor.token,
      body: { model: " builtin:procedure  " },
    });
    expect(model.body.setup).toMatchObject({ model: "builtin:procedure", procedure: "New #service.http.get" });
  });

  it("changes nothing for an empty body or no body", async () => {
    const id = await newAgent({ initialSetup: { principles: "Keep" } });
    const before = await draftRow(id);
    const empty = await api("PATCH", setupPath(id), { credential: world.people.owner.key, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.setup).toEqual({
      principles: "Keep",
      procedure: "",
      model: "builtin:procedure",
      approvalTools: [],
      actionClasses: {},
    });
    expect((await api("PATCH", setupPath(id), { credential: world.people.owner.key })).status).toBe(200);
    expect((await draftRow(id)).updatedAt).toEqual(before.updatedAt);
  });

  it("can clear fields with empty values", async () => {
    const id = await newAgent({ initialSetup: { principles: "P", procedure: "Q", approvalTools: ["x"] } });
    const response = await api("PATCH", setupPath(id), {
      credential: world.people.owner.key,
      body: { principles: "", procedure: "", approvalTools: [] },
    });
    expect(response.body.setup).toEqual({
      principles: "",
      procedure: "",
      model: "builtin:procedure",
      approvalTools: [],
      actionClasses: {},
    });
  });

  it.each([
    ["principles of 100,000 characters", 200, { principles: "p".repeat(100_000) }],
    ["principles of 100,001 characters", 400, { principles: "p".repeat(100_001) }],
    ["procedure of 200,000 characters", 200, { procedure: "p".repeat(200_000) }],
    ["procedure of 200,001 characters", 400, { procedure: "p".repeat(200_001) }],
    ["50 approval tools", 200, { approvalTools: Array.from({ length: 50 }, (_, i) => `t${i}`) }],
    ["51 approval tools", 400, { approvalTools: Array.from({ length: 51 }, (_, i) => `t${i}`) }],
    ["approval tool of 100 characters", 200, { approvalTools: ["a".repeat(100)] }],
    ["approval tool of 101 characters", 400, { approvalTools: ["a".repeat(101)] }],
    ["empty approval tool", 400, { approvalTools: [""] }],
    ["blank model", 400, { model: " \t " }],
    ["empty model", 400, { model: "" }],
    ["null model", 400, { model: null }],
    ["approvalTools that is not an array", 400, { approvalTools: "service.http.post" }],
    ["unknown field", 400, { name: "renamed" }],
  ])("%s -> %i", async (_label, status, body) => {
    const id = await newAgent();
    const before = await draftRow(id);
    const response = await api("PATCH", setupPath(id), { credential: world.people.owner.key, body });
    if (status === 200) expect(response.status, JSON.stringify(response.body)).toBe(200);
    else {
      expectError(response, 400, "VALIDATION");
      expect(await draftRow(id)).toEqual(before);
    }
  });

  it.each([
    ["domain Owner", "owner", 200, null],
    ["domain Editor", "editor", 200, null],
    ["domain Operator", "operator", 403, "FORBIDDEN"],
    ["domain Viewer", "viewer", 403, "FORBIDDEN"],
    ["org Admin without domain membership", "orgAdmin", 403, "FORBIDDEN"],
    ["Editor of another domain", "salesEditor", 403, "FORBIDDEN"],
    ["owner of another organization", "globexOwner", 404, "NOT_FOUND"],
  ] as const)("%s", async (_label, who, status, code) => {
    const id = await newAgent();
    const response = await api("PATCH", setupPath(id), {
      credential: world.people[who].token,
      body: { principles: "changed" },
    });
    if (code) {
      expectError(response, status, code);
      expect((await draftRow(id)).principles).toBe("");
    } else expect(response.status).toBe(status);
  });

  it("answers 404 for unknown, malformed and flow ids", async () => {
    const credential = world.people.owner.key;
    expectError(await api("PATCH", setupPath(crypto.randomUUID()), { credential, body: {} }), 404, "NOT_FOUND");
    expectError(await api("PATCH", setupPath("not-a-uuid"), { credential, body: {} }), 404, "NOT_FOUND");
    const { id } = await flow(world.acme.id, world.acme.ops);
    expectError(await api("PATCH", setupPath(id), { credential, body: { principles: "x" } }), 404, "NOT_FOUND");
  });

  it("creates no revision and leaves the published pointer where it was", async () => {
    const id = await newAgent({ initialSetup: { procedure: "#service.http.get" } });
    expect(
      (await api("POST", `/authoring/automations/${id}/publish`, { credential: world.people.owner.key })).status,
    ).toBe(201);
    const patched = await api("PATCH", setupPath(id), {
      credential: world.people.owner.key,
      body: { procedure: "#service.http.post", model: "builtin:procedure" },
    });
    expect(patched.status).toBe(200);
    expect(await revisionCount(id)).toBe(1);
    expect((await draftRow(id)).publishedRevision).toBe(1);
  });
});
