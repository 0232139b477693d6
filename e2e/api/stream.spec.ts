import { expect, test } from "@playwright/test";
import { acme, expectError, globex, mintUserToken } from "../support/api";
import { bearer, world } from "../support/world";

// Spec 4.2 (GET .../stream) and 6.1, black-box: Node's fetch reads the stream as it arrives.

type TFrame = { id?: string; event?: string; data?: any; comment?: string; retry?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any

function parseFrames(text: string): TFrame[] {
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => {
      const frame: TFrame = {};
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) frame.comment = line.slice(1).trim();
        else {
          const index = line.indexOf(":");
          const key = line.slice(0, index);
          const value = line.slice(index + 1).trimStart();
          if (key === "data") frame.data = JSON.parse(value);
          else if (key === "id" || key === "event" || key === "retry") frame[key] = value;
        }
      }
      return frame;
    });
}

/** Opens the stream and reads until `until` is satisfied by the frames so far. */
async function readStream(
  sessionId: string,
  headers: Record<string, string>,
  until: (frames: TFrame[]) => boolean,
  query = "",
) {
  const abort = new AbortController();
  const response = await fetch(`${world().baseUrl}/api/v1/agents/sessions/${sessionId}/stream${query}`, {
    headers: { accept: "text/event-stream", ...headers },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timer = setTimeout(() => abort.abort(), 30_000);
  try {
    while (!until(parseFrames(text))) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return { response, text, frames: parseFrames(text) };
}

const has =
  (event: string, count = 1) =>
  (frames: TFrame[]) =>
    frames.filter((frame) => frame.event === event).length >= count;

async function openEchoSession(message: string) {
  const response = await fetch(`${world().baseUrl}/api/v1/agents/${acme().agents.echo.id}/sessions`, {
    method: "POST",
    headers: { ...bearer(acme().users.operator.apiKey), "content-type": "application/json" },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(202);
  return (await response.json()) as { sessionId: string; executionId: string };
}

const operator = () => bearer(acme().users.operator.apiKey);

test.describe("GET /api/v1/agents/sessions/:id/stream", () => {
  test("frames: retry first, a snapshot, then the logged events with id = seq in order", async () => {
    const { sessionId, executionId } = await openEchoSession("hello stream");
    // From seq 0 every event of the first turn is replayed, whether or not it already ran.
    const { response, text, frames } = await readStream(
      sessionId,
      { ...operator(), "last-event-id": "0" },
      has("turn.completed"),
    );
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(text.startsWith("retry: 2000\n\n")).toBe(true);
    const [snapshot, ...events] = frames.slice(1);
    expect(snapshot).toMatchObject({
      id: "0",
      event: "snapshot",
      data: { v: 1, sessionId, seq: 0, event: "snapshot" },
    });
    expect(snapshot!.data.data).toHaveProperty("pendingApproval");
    expect(snapshot!.data.data).toHaveProperty("pendingApprovalId");
    expect(events.map((frame) => Number(frame.id))).toEqual(events.map((_, index) => index + 1));
    for (const frame of events) {
      expect(frame.data).toMatchObject({ v: 1, sessionId, seq: Number(frame.id), event: frame.event });
      expect(Number.isNaN(Date.parse(frame.data.ts))).toBe(false);
    }
    const types = events.map((frame) => frame.event);
    expect(types.indexOf("turn.started")).toBeGreaterThan(-1);
    expect(types.indexOf("turn.started")).toBeLessThan(types.indexOf("turn.completed"));
    expect(types).toContain("message.delta");
    expect(events.find((frame) => frame.event === "turn.completed")!.data.data).toMatchObject({ executionId });
  });

  test("a fresh stream snapshots the current state and then delivers the next turn live", async () => {
    const { sessionId } = await openEchoSession("first");
    await readStream(sessionId, { ...operator(), "last-event-id": "0" }, has("turn.completed"));
    const reading = readStream(sessionId, operator(), (frames) =>
      frames.some((frame) => frame.event === "turn.completed"),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const posted = await fetch(`${world().baseUrl}/api/v1/agents/sessions/${sessionId}/messages`, {
      method: "POST",
      headers: { ...operator(), "content-type": "application/json" },
      body: JSON.stringify({ message: "second" }),
    });
    expect(posted.status).toBe(200);
    const { frames } = await reading;
    const snapshot = frames[1]!;
    expect(snapshot.event).toBe("snapshot");
    expect(snapshot.data.data.messages.map((message: { body: string }) => message.body)).toContain("first");
    const live = frames.slice(2).filter((frame) => frame.event);
    expect(live.map((frame) => Number(frame.id))).toEqual(live.map((_, index) => Number(snapshot.id) + index + 1));
    expect(live.at(-1)!.event).toBe("turn.completed");
  });

  test("Last-Event-ID (or ?lastEventId) resumes strictly after that seq, with no gap and no duplicate", async () => {
    const { sessionId } = await openEchoSession("resume me");
    const all = (
      await readStream(sessionId, { ...operator(), "last-event-id": "0" }, has("turn.completed"))
    ).frames.slice(2);
    const middle = Math.floor(all.length / 2);
    const expected = all.slice(middle).map((frame) => [frame.id, frame.event]);
    const atMiddle = all[middle - 1]!.id!;
    const enough = (frames: TFrame[]) =>
      frames.filter((frame) => frame.event && frame.event !== "snapshot").length >= expected.length;
    const byHeader = await readStream(sessionId, { ...operator(), "last-event-id": atMiddle }, enough);
    expect(byHeader.frames[1]).toMatchObject({ id: atMiddle, event: "snapshot" });
    expect(byHeader.frames.slice(2).map((frame) => [frame.id, frame.event])).toEqual(expected);
    const byQuery = await readStream(sessionId, operator(), enough, `?lastEventId=${atMiddle}`);
    expect(byQuery.frames.slice(2).map((frame) => [frame.id, frame.event])).toEqual(expected);
  });

  test("an id beyond the log gets stream.reset and a fresh snapshot", async () => {
    const { sessionId } = await openEchoSession("reset me");
    const { frames } = await readStream(sessionId, { ...operator(), "last-event-id": "999999" }, has("snapshot"));
    expect(frames[0]!.retry).toBe("2000");
    expect(frames[1]).toMatchObject({ event: "stream.reset", data: { event: "stream.reset", sessionId } });
    expect(frames[2]).toMatchObject({ event: "snapshot", id: frames[1]!.id });
  });

  test("visibility is enough: a domain Viewer can stream", async () => {
    const { sessionId } = await openEchoSession("viewer watches");
    const { frames } = await readStream(sessionId, bearer(acme().users.viewer.apiKey), has("snapshot"));
    expect(frames[1]!.data.data).toMatchObject({ canParticipate: false });
  });

  test("uniform 404 for a missing, invalid or yku_ credential, unknown ids, other organizations and invisible sessions", async ({
    request,
  }) => {
    const { sessionId } = await openEchoSession("not yours");
    const path = `/api/v1/agents/sessions/${sessionId}/stream`;
    const cases: Array<Record<string, string>> = [
      {},
      bearer("yk_notarealkeyatall000000000000000000000000000000000000"),
      bearer(await mintUserToken(request, acme().users.operator)),
      bearer(globex().users.owner.apiKey),
      bearer(acme().users.outsider.apiKey),
      bearer(acme().users.orgAdmin.apiKey),
    ];
    for (const headers of cases) await expectError(await request.get(path, { headers }), 404, "NOT_FOUND");
    await expectError(
      await request.get(`/api/v1/agents/sessions/${crypto.randomUUID()}/stream`, { headers: operator() }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await request.get("/api/v1/agents/sessions/not-a-uuid/stream", { headers: operator() }),
      404,
      "NOT_FOUND",
    );
  });

  // The route is served by a Pages API route (docs/decisions.md): it must answer like every
  // other API route of the service.
  test("the stream's response carries the request id, the rate-limit and the API security headers; other methods are 405 with Allow: GET", async ({
    request,
  }) => {
    const { sessionId } = await openEchoSession("headers");
    const { response } = await readStream(
      sessionId,
      { ...operator(), "x-request-id": "stream-headers-1" },
      has("snapshot"),
    );
    expect(response.headers.get("x-request-id")).toBe("stream-headers-1");
    expect(response.headers.get("ratelimit-policy")).toMatch(/^"credential";q=\d+;w=\d+/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const path = `/api/v1/agents/sessions/${sessionId}/stream`;
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const refused = await request.fetch(path, {
        method,
        headers: operator(),
        data: method === "OPTIONS" ? undefined : {},
      });
      const error = await expectError(refused, 405, "METHOD_NOT_ALLOWED");
      expect(refused.headers()["allow"]).toBe("GET");
      expect(error.message).toContain("GET");
    }
  });
});
