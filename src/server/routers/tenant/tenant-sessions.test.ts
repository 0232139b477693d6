import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishAgent, startEngine, stopEngine } from "../../../../test/sessions-kit";
import { pendingApproval, tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { partnerRequest } from "../../../../test/partner-kit";
import { db } from "@/server/db/client";

// Spec 4.2 through the tenant door: the v1 contracts and services, acting as the subject with
// their current roles; Idempotency-Key claims per platform and person; entitlements on starts.

let w: TTenantWorld;
let echoId: string;

beforeAll(async () => {
  await startEngine({ workers: false });
  w = await tenantWorld();
  await w.vouch("viewer-1", "viewer");
  await w.vouch("operator-1", "operator");
  echoId = await publishAgent(w.ownerActor, w.domain.id, { model: "builtin:echo" });
});

afterAll(async () => {
  await stopEngine();
});

const open = (subject: string, message: string, headers: Record<string, string> = {}) =>
  w.tenant("POST", `/agents/${echoId}/sessions`, { subject, body: { message }, headers });

describe("tenant sessions: the subject's roles decide", () => {
  it("an Operator opens, messages and reads; the session is theirs, from the API", async () => {
    const opened = await open("operator-1", "Hello from the partner");
    expect(opened.status).toBe(202);
    const { sessionId, executionId } = opened.body;
    expect(executionId).toBeTruthy();
    const row = await db().agentSession.findUniqueOrThrow({ where: { id: sessionId }, select: { ownerId: true } });
    const mapping = await db().workerMapping.findFirstOrThrow({
      where: { organizationId: w.orgId, partnerSubject: "operator-1" },
    });
    expect(row.ownerId).toBe(mapping.userId);
    const message = await w.tenant("POST", `/agents/sessions/${sessionId}/messages`, {
      subject: "operator-1",
      body: { message: "And a follow-up" },
    });
    expect(message.status).toBe(200);
    const read = await w.tenant("GET", `/agents/sessions/${sessionId}`, { subject: "operator-1" });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(sessionId);
    expect(read.body.messages.map((m: { body: string }) => m.body)).toContain("And a follow-up");
  });

  it("a Viewer reads a domain session but may neither open, message nor approve", async () => {
    const opened = await open("operator-1", "Needs approval");
    const { sessionId, executionId } = opened.body;
    const read = await w.tenant("GET", `/agents/sessions/${sessionId}`, { subject: "viewer-1" });
    expect(read.status).toBe(200);
    const start = await open("viewer-1", "May I?");
    expect(start.status).toBe(403);
    const message = await w.tenant("POST", `/agents/sessions/${sessionId}/messages`, {
      subject: "viewer-1",
      body: { message: "Me too" },
    });
    expect(message.status).toBe(403);
    const approvalId = await pendingApproval(sessionId, executionId);
    const asViewer = await w.tenant("POST", `/agents/sessions/${sessionId}/turn-approval`, {
      subject: "viewer-1",
      body: { decision: "approved", approvalId },
    });
    expect(asViewer.status).toBe(403);
    expect(asViewer.body.error.code).toBe("FORBIDDEN");
    const asOperator = await w.tenant("POST", `/agents/sessions/${sessionId}/turn-approval`, {
      subject: "operator-1",
      body: { decision: "approved", approvalId },
    });
    expect(asOperator.status).toBe(200);
    expect(asOperator.body).toEqual({ ok: true, approvalId, decision: "approved" });
  });

  it("the owner subject starts as the provisioned owner", async () => {
    const opened = await open("owner", "Owner here");
    expect(opened.status).toBe(202);
    const row = await db().agentSession.findUniqueOrThrow({
      where: { id: opened.body.sessionId },
      select: { ownerId: true },
    });
    expect(row.ownerId).toBe(w.owner.id);
  });
});

describe("tenant sessions: Idempotency-Key", () => {
  it("a retry answers the first session once; another subject's same key is its own claim", async () => {
    const key = `open-${crypto.randomUUID()}`;
    const first = await open("operator-1", "once only", { "idempotency-key": key });
    const retry = await open("operator-1", "once only", { "idempotency-key": key });
    expect(first.status).toBe(202);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    const owners = await open("owner", "once only", { "idempotency-key": key });
    expect(owners.status).toBe(202);
    expect(owners.headers.get("idempotency-replayed")).toBeNull();
    expect(owners.body.sessionId).not.toBe(first.body.sessionId);
    const reused = await open("operator-1", "another body", { "idempotency-key": key });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});

describe("tenant sessions: entitlements", () => {
  it("an automation the partner disabled is refused at the start, as on /api/v1", async () => {
    const set = (enabled: boolean) =>
      partnerRequest("PATCH", `/organizations/${w.orgId}/automations/${echoId}/entitlement`, {
        credential: w.partner.key,
        body: { enabled },
      });
    expect((await set(false)).status).toBe(200);
    try {
      const refused = await open("owner", "Disabled?");
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/partner has not enabled this automation/);
    } finally {
      await set(true);
    }
    expect((await open("owner", "Enabled again")).status).toBe(202);
  });
});
