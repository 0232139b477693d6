import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDomain } from "../../../../test/factories";
import { partnerPlatform, seedFollower } from "../../../../test/partner-kit";
import { startEngine, stopEngine } from "../../../../test/sessions-kit";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { db } from "@/server/db/client";

// Agents on the partner tenant routes (issue 40): the 4.3 authoring contracts at their v1 paths
// and the console's reads, acting as the subject with their current domain roles.

let w: TTenantWorld;
let otherOrgId: string;
let agentId: string;

const CREATE = "/authoring/automations";
const authoring = (id: string, what: string) => `/authoring/automations/${id}/${what}`;

beforeAll(async () => {
  await startEngine({ workers: false });
  w = await tenantWorld();
  await w.vouch("viewer-1", "viewer");
  await w.vouch("operator-1", "operator");
  await w.vouch("editor-1", "editor");
  otherOrgId = (await seedFollower((await partnerPlatform()).platform.id)).organization.id;
  const created = await w.tenant("POST", CREATE, {
    body: { domainId: w.domain.id, name: "Seed agent", initialSetup: { procedure: "#service.http.get" } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  agentId = created.body.id;
});

afterAll(async () => {
  await stopEngine();
});

describe("tenant agents: authoring (the v1 contracts of 4.3)", () => {
  it("creates, patches the Setup, verifies, sets knowledge, publishes and reads back, as the owner", async () => {
    const created = await w.tenant("POST", CREATE, {
      body: { domainId: w.domain.id, name: "  Triage ", description: "Sorts tickets." },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      domainId: w.domain.id,
      name: "Triage",
      description: "Sorts tickets.",
      kind: "agent",
    });
    const id = created.body.id as string;
    const row = await db().automation.findUniqueOrThrow({ where: { id }, select: { createdById: true } });
    expect(row.createdById).toBe(w.owner.id);

    const patched = await w.tenant("PATCH", authoring(id, "setup"), {
      body: { procedure: "Look it up: #service.http.get", model: " builtin:procedure " },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.setup).toMatchObject({
      procedure: "Look it up: #service.http.get",
      model: "builtin:procedure",
    });

    const verified = await w.tenant("GET", authoring(id, "verify"));
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      findings: [],
      plannedBelt: [{ integrationId: "service.http", identityMode: "service" }],
    });

    const knowledge = await w.tenant("PUT", authoring(id, "knowledge-selection"), { body: { mode: "domain" } });
    expect(knowledge.status).toBe(200);
    expect(knowledge.body).toEqual({ mode: "domain", moduleIds: [] });

    const published = await w.tenant("POST", authoring(id, "publish"), { body: { changeNote: "First" } });
    expect(published.status).toBe(201);
    expect(published.body).toEqual({ revision: 1, belt: [{ integrationId: "service.http", identityMode: "service" }] });

    const read = await w.tenant("GET", `/agents/${id}`, { subject: "viewer-1" });
    expect(read.status).toBe(200);
    expect(read.body.agent).toMatchObject({
      id,
      kind: "agent",
      publishedRevision: 1,
      knowledgeSelection: { mode: "domain", moduleIds: [] },
      setup: { model: "builtin:procedure" },
    });
    const revisions = await w.tenant("GET", `/agents/${id}/revisions`, { subject: "viewer-1" });
    expect(revisions.body.revisions).toEqual([
      expect.objectContaining({
        revision: 1,
        changeNote: "First",
        publishedBy: { id: w.owner.id, name: w.owner.name },
      }),
    ]);
    const revision = await w.tenant("GET", `/agents/${id}/revisions/1`, { subject: "viewer-1" });
    expect(revision.status).toBe(200);
    expect(revision.body.revision).toMatchObject({
      revision: 1,
      belt: [{ integrationId: "service.http", identityMode: "service" }],
      setup: { procedure: "Look it up: #service.http.get" },
    });
    for (const missing of ["2", "0", "abc", "-1"]) {
      const refused = await w.tenant("GET", `/agents/${id}/revisions/${missing}`);
      expect(refused.status, missing).toBe(404);
      expect(refused.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("a publish with findings is the v1 422 with its findings", async () => {
    const created = await w.tenant("POST", CREATE, {
      body: { domainId: w.domain.id, name: "Broken", initialSetup: { procedure: "#service.http.gett" } },
    });
    const refused = await w.tenant("POST", authoring(created.body.id, "publish"));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("VALIDATION");
    expect(refused.body.error.details.findings[0]).toMatchObject({ kind: "unresolved_ref" });
  });

  it("create and publish replay under Idempotency-Key; another body under the key is 409", async () => {
    const headers = { "idempotency-key": `create-${randomUUID()}` };
    const body = { domainId: w.domain.id, name: "Once" };
    const first = await w.tenant("POST", CREATE, { body, headers });
    const replay = await w.tenant("POST", CREATE, { body, headers });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await db().automation.count({ where: { organizationId: w.orgId, name: "Once" } })).toBe(1);
    const reused = await w.tenant("POST", CREATE, { body: { ...body, name: "Twice" }, headers });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");

    const publishKey = { "idempotency-key": `publish-${randomUUID()}` };
    const published = await w.tenant("POST", authoring(agentId, "publish"), { headers: publishKey });
    const again = await w.tenant("POST", authoring(agentId, "publish"), { headers: publishKey });
    expect(published.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.body).toEqual(published.body);
    expect(await db().automationRevision.count({ where: { automationId: agentId, revision: { gt: 0 } } })).toBe(
      published.body.revision,
    );
  });
});

describe("tenant agents: the subject's roles decide", () => {
  it.each([
    ["viewer-1", 403],
    ["operator-1", 403],
    ["editor-1", 201],
    ["owner", 201],
  ] as const)("%s creating an agent: %i", async (subject, status) => {
    const response = await w.tenant("POST", CREATE, {
      subject,
      body: { domainId: w.domain.id, name: `By ${subject}` },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    if (status === 403) expect(response.body.error.code).toBe("FORBIDDEN");
  });

  it("a Viewer reads but may not patch, verify, set knowledge or publish: the v1 FORBIDDEN", async () => {
    expect((await w.tenant("GET", "/agents", { subject: "viewer-1" })).status).toBe(200);
    expect((await w.tenant("GET", `/agents/${agentId}`, { subject: "viewer-1" })).status).toBe(200);
    const refusals = await Promise.all([
      w.tenant("PATCH", authoring(agentId, "setup"), { subject: "viewer-1", body: { principles: "x" } }),
      w.tenant("GET", authoring(agentId, "verify"), { subject: "viewer-1" }),
      w.tenant("PUT", authoring(agentId, "knowledge-selection"), { subject: "viewer-1", body: { mode: "org" } }),
      w.tenant("POST", authoring(agentId, "publish"), { subject: "viewer-1" }),
    ]);
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("FORBIDDEN");
    }
    const row = await db().automation.findUniqueOrThrow({ where: { id: agentId }, select: { principles: true } });
    expect(row.principles).toBe("");
  });

  it("lists the agents of the subject's domains; domainId narrows; a domain without a role is 403", async () => {
    const elsewhere = await createDomain(w.orgId, "Back office");
    await w.tenant("POST", CREATE, { body: { domainId: elsewhere.id, name: "Hidden from the viewer" } });
    const asViewer = await w.tenant("GET", "/agents", { subject: "viewer-1" });
    expect(asViewer.body.agents.length).toBeGreaterThan(0);
    expect(asViewer.body.agents.every((agent: { domainId: string }) => agent.domainId === w.domain.id)).toBe(true);
    const names = asViewer.body.agents.map((agent: { name: string }) => agent.name);
    expect(names).toEqual([...names].sort());
    const narrowed = await w.tenant("GET", `/agents?domainId=${w.domain.id}`, { subject: "viewer-1" });
    expect(narrowed.body).toEqual(asViewer.body);
    const forbidden = await w.tenant("GET", `/agents?domainId=${elsewhere.id}`, { subject: "viewer-1" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe("FORBIDDEN");
    // The owner created that agent but holds no role in the new domain either: org status adds none.
    expect((await w.tenant("GET", `/agents?domainId=${elsewhere.id}`)).status).toBe(403);
    expect((await w.tenant("GET", `/agents?domainId=${randomUUID()}`)).status).toBe(404);
    expect((await w.tenant("GET", "/agents?domainId=ops")).status).toBe(400);
  });
});

describe("tenant agents: neutral refusals", () => {
  it("another platform's customer and a nonexistent one answer byte for byte the same 404", async () => {
    const answers = await Promise.all([
      w.tenant("GET", `/organizations/${otherOrgId}/agents`),
      w.tenant("GET", `/organizations/${randomUUID()}/agents`),
      w.tenant("POST", `/organizations/${otherOrgId}${CREATE}`, { body: { domainId: w.domain.id, name: "x" } }),
      w.tenant("POST", `/organizations/${randomUUID()}${CREATE}`, { body: { domainId: w.domain.id, name: "x" } }),
      w.tenant("GET", `/organizations/${otherOrgId}/agents/${agentId}`),
    ]);
    const first = JSON.stringify(answers[0]!.body);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toBe(first);
    }
  });

  it("unknown, malformed and flow ids are the agent's 404", async () => {
    const flow = await db().automation.create({
      data: { organizationId: w.orgId, domainId: w.domain.id, kind: "FLOW", name: "A flow" },
      select: { id: true },
    });
    for (const id of [randomUUID(), "not-a-uuid", flow.id]) {
      for (const [method, path] of [
        ["GET", `/agents/${id}`],
        ["GET", `/agents/${id}/revisions`],
        ["PATCH", authoring(id, "setup")],
        ["POST", authoring(id, "publish")],
      ] as const) {
        const response = await w.tenant(method, path, { body: method === "GET" ? undefined : {} });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.error.code).toBe("NOT_FOUND");
      }
    }
  });
});
