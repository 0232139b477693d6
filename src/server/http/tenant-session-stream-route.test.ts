import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerPlatform, seedFollower } from "../../../test/partner-kit";
import { publishAgent, startEngine, stopEngine } from "../../../test/sessions-kit";
import { parseFrames, readFrames } from "../../../test/stream-kit";
import { tenantWorld, type TTenantWorld } from "../../../test/tenant-kit";
import { GET } from "./tenant-session-stream-route";

// The session stream through the tenant door: the v1 frames, snapshot and resume, as the subject.

let w: TTenantWorld;
let echoId: string;

beforeAll(async () => {
  await startEngine();
  w = await tenantWorld();
  await w.vouch("viewer-1", "viewer");
  await w.vouch("operator-1", "operator");
  echoId = await publishAgent(w.ownerActor, w.domain.id, { model: "builtin:echo" });
});

afterAll(async () => {
  await stopEngine();
});

const streamAs = (orgId: string, sessionId: string, headers: Record<string, string>) =>
  GET(
    new Request(`http://127.0.0.1/api/partner/v1/organizations/${orgId}/agents/sessions/${sessionId}/stream`, {
      headers: { authorization: `Bearer ${w.partner.key}`, ...headers },
    }),
    { params: Promise.resolve({ orgId, sessionId }) },
  );
const until = (event: string) => (text: string) => parseFrames(text).some((frame) => frame.event === event);

async function openEcho(message: string) {
  const opened = await w.tenant("POST", `/agents/${echoId}/sessions`, { subject: "operator-1", body: { message } });
  expect(opened.status).toBe(202);
  return opened.body as { sessionId: string };
}

describe("GET /api/partner/v1/organizations/:orgId/agents/sessions/:id/stream", () => {
  it("streams as the subject: a Viewer follows the turn from the snapshot, and resumes after a seq", async () => {
    const { sessionId } = await openEcho("hello");
    const response = await streamAs(w.orgId, sessionId, { "x-service-subject": "viewer-1", "last-event-id": "0" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("ratelimit-policy")).toBeTruthy();
    const frames = parseFrames(await readFrames(response.body!, until("turn.completed")));
    expect(frames[0]).toEqual({ retry: "2000" });
    expect(frames[1]).toMatchObject({ id: "0", event: "snapshot" });
    expect(frames[1]!.data.sessionId).toBe(sessionId);
    const completed = frames.find((frame) => frame.event === "turn.completed")!;
    const seqs = frames.filter((frame) => frame.id && frame.event !== "snapshot").map((frame) => Number(frame.id));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Resume strictly after the first event: the rest again, nothing before it.
    const resumed = await streamAs(w.orgId, sessionId, {
      "x-service-subject": "viewer-1",
      "last-event-id": String(seqs[0]),
    });
    const again = parseFrames(await readFrames(resumed.body!, until("turn.completed")));
    const resumedSeqs = again
      .filter((frame) => frame.id && frame.event !== "snapshot")
      .map((frame) => Number(frame.id));
    expect(resumedSeqs).toEqual(seqs.slice(1));
    expect(completed).toBeTruthy();
  });

  it("refuses like every tenant route: 400 without a subject, one 404 for other org, unknown org and unknown subject", async () => {
    const { sessionId } = await openEcho("refusals");
    const missing = await streamAs(w.orgId, sessionId, {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toContain("X-Service-Subject");
    const other = await seedFollower((await partnerPlatform()).platform.id);
    const answers = await Promise.all([
      streamAs(other.organization.id, sessionId, { "x-service-subject": "owner" }),
      streamAs(randomUUID(), sessionId, { "x-service-subject": "owner" }),
      streamAs(w.orgId, sessionId, { "x-service-subject": "nobody" }),
      streamAs(w.orgId, randomUUID(), { "x-service-subject": "viewer-1" }),
    ]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    for (const [index, answer] of answers.entries()) {
      expect(answer.status).toBe(404);
      expect(bodies[index]).toBe(bodies[0]);
    }
    const unauthenticated = await GET(
      new Request(`http://127.0.0.1/api/partner/v1/organizations/${w.orgId}/agents/sessions/${sessionId}/stream`, {
        headers: { "x-service-subject": "owner" },
      }),
      { params: Promise.resolve({ orgId: w.orgId, sessionId }) },
    );
    expect(unauthenticated.status).toBe(401);
  });
});
