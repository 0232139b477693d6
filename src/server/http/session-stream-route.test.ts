import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld, type TPerson } from "../../../test/agents-kit";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../test/sessions-kit";
import { parseFrames, readFrames } from "../../../test/stream-kit";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { openChat } from "@/server/services/session-console/open-chat";
import { GET as consoleStream } from "@/app/api/console/sessions/[sessionId]/stream/route";
import { GET } from "./session-stream-route";

let world: TAgentsWorld;
let echoId: string;

beforeAll(async () => {
  world = await agentsWorld();
  await startEngine();
  echoId = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
});

afterAll(async () => {
  await stopEngine();
});

const params = (sessionId: string) => ({ params: Promise.resolve({ sessionId }) });
const streamAs = (sessionId: string, headers: Record<string, string>) =>
  GET(new Request(`http://127.0.0.1/api/v1/agents/sessions/${sessionId}/stream`, { headers }), params(sessionId));
const keyOf = (who: TPerson) => ({ authorization: `Bearer ${who.key}` });
const until = (event: string) => (text: string) => parseFrames(text).some((frame) => frame.event === event);

async function openEcho(message: string) {
  const response = await api("POST", `/agents/${echoId}/sessions`, {
    credential: world.people.operator.key,
    body: { message },
  });
  expect(response.status).toBe(202);
  return response.body as { sessionId: string; executionId: string };
}

describe("GET /api/v1/agents/sessions/:id/stream (route handler)", () => {
  it("streams a turn run by the engine: snapshot with the details, then its events in seq order", async () => {
    const { sessionId, executionId } = await openEcho("hello");
    const response = await streamAs(sessionId, { ...keyOf(world.people.viewer), "last-event-id": "0" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const frames = parseFrames(await readFrames(response.body!, until("turn.completed")));
    expect(frames[0]).toEqual({ retry: "2000" });
    expect(frames[1]).toMatchObject({
      id: "0",
      event: "snapshot",
      data: {
        v: 1,
        sessionId,
        seq: 0,
        data: { id: sessionId, pendingApproval: null, pendingApprovalId: null, canParticipate: false },
      },
    });
    const events = frames.slice(2);
    expect(events.map((frame) => Number(frame.id))).toEqual(events.map((_, index) => index + 1));
    expect(events.at(-1)).toMatchObject({
      event: "turn.completed",
      data: { data: { executionId, status: "completed" } },
    });
    expect(
      events
        .filter((frame) => frame.event === "message.delta")
        .map((frame) => frame.data.data.text)
        .join(""),
    ).toBe("Echo: hello");
  });

  it("is the uniform 404 for missing, invalid and yku_ credentials, other organizations and non-members", async () => {
    const { sessionId, executionId } = await openEcho("private");
    await waitForTurn(executionId);
    const refused = [
      {},
      { authorization: "Bearer yk_invalid" },
      { authorization: `Bearer ${world.people.operator.token}` },
      keyOf(world.people.globexOwner),
      keyOf(world.people.orgAdmin),
      keyOf(world.people.salesEditor),
    ];
    for (const headers of refused) {
      const response = await streamAs(sessionId, headers);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe("NOT_FOUND");
    }
    const unknown = await streamAs(crypto.randomUUID(), keyOf(world.people.operator));
    expect(unknown.status).toBe(404);
  });
});

describe("GET /api/console/sessions/:id/stream", () => {
  const cookieOf = async (who: TPerson) => ({
    cookie: `service_session=${encodeURIComponent(await mintSessionCookie({ sub: who.actor.userId, orgId: who.actor.orgId }))}`,
  });
  const consoleAs = (sessionId: string, headers: Record<string, string>) =>
    consoleStream(
      new Request(`http://127.0.0.1/api/console/sessions/${sessionId}/stream`, { headers }),
      params(sessionId),
    );

  it("streams a personal chat to its creator only, by cookie", async () => {
    const { sessionId } = await openChat(
      { ...world.people.editor.actor, via: "cookie" },
      { automationId: echoId, message: "just me" },
    );
    const mine = await consoleAs(sessionId, await cookieOf(world.people.editor));
    expect(mine.status).toBe(200);
    const frames = parseFrames(await readFrames(mine.body!, until("snapshot")));
    expect(frames[1]!.data.data).toMatchObject({ kind: "personal", origin: "console" });
    // Domain Owner, same domain: a personal chat is still invisible to them.
    expect((await consoleAs(sessionId, await cookieOf(world.people.owner))).status).toBe(404);
    expect((await consoleAs(sessionId, {})).status).toBe(401);
    // The public route takes no cookie.
    expect((await streamAs(sessionId, await cookieOf(world.people.editor))).status).toBe(404);
  });
});
