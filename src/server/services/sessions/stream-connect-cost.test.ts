import { describe, expect, it } from "vitest";
import { api } from "../../../../test/agents-kit";
import { countStatements, readsOf, reportStatements, useCountedEchoWorld } from "../../../../test/statement-count-kit";
import { GET as stream } from "@/server/http/session-stream-route";

// What following a session costs to start (test/statement-count-kit.ts): every SSE connect pays
// it, so the session is read once (authorization, cursor and snapshot together), not more.

const setup = useCountedEchoWorld();

/** Connects to the session's stream and reads until its first event, then goes away. */
async function connectUntilFirstEvent(sessionId: string): Promise<string> {
  const controller = new AbortController();
  const headers = { authorization: `Bearer ${setup.world.people.owner.key}`, "last-event-id": "0" };
  const response = await stream(
    new Request(`http://127.0.0.1/api/v1/agents/sessions/${sessionId}/stream`, { headers, signal: controller.signal }),
    { params: Promise.resolve({ sessionId }) },
  );
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("event: session.changed")) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return text;
}

describe("the cost of following a session", () => {
  it("a stream connect reads the credential once, the session (with the caller's role and the snapshot) once and the log once", async () => {
    const opened = await api("POST", `/agents/${setup.agentId}/sessions`, {
      credential: setup.world.people.owner.key,
      body: { message: "follow me" },
    });
    expect(opened.status).toBe(202);
    let text = "";
    const cost = await countStatements(async () => {
      text = await connectUntilFirstEvent(opened.body.sessionId);
    });
    reportStatements("stream connect", cost);
    expect(text).toContain("event: session.changed");
    expect(readsOf(cost, "api_keys")).toBe(1);
    expect(readsOf(cost, "agent_sessions")).toBe(1);
    expect(readsOf(cost, "session_events")).toBe(1);
    expect(cost.statements).toHaveLength(3);
  });
});
