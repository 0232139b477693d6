import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { actorIn } from "../../../test/factories";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../test/sessions-kit";
import { parseFrames, readFrames, sessionRow } from "../../../test/stream-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { sessionEventStream } from "@/server/events/session-stream";
import { createConnection } from "@/server/services/connections/create-connection";
import { isDraining, startDraining } from "./draining";
import { drainEngine, releaseEngine } from "./shutdown";

// SIGTERM drains (issue 14): what a stopping process does before it exits. The signal handlers
// only call these; the scale-out e2e sends the real signals to real processes.

let world: TAgentsWorld;
let toolServer: ReturnType<typeof createServer>;
const hits: string[] = [];
const saved = { slots: env.ENGINE_MAX_IN_FLIGHT, hosts: env.HTTP_TOOL_ALLOWED_HOSTS };
let agentId = "";

beforeAll(async () => {
  world = await agentsWorld();
  // The tool answers after 400 ms, so a turn is still running when the drain starts.
  toolServer = createServer((req, res) => {
    hits.push(new URL(req.url ?? "/", "http://tool").searchParams.get("message") ?? "");
    setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'), 400);
  });
  await new Promise<void>((resolve) => toolServer.listen(0, "127.0.0.1", resolve));
  const { port } = toolServer.address() as { port: number };
  env.HTTP_TOOL_ALLOWED_HOSTS = `127.0.0.1:${port}`;
  env.ENGINE_MAX_IN_FLIGHT = 1;
  const owner = world.people.owner.actor;
  await createConnection(owner, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: "drain-token",
  });
  const procedure = `#service.http.get ${JSON.stringify({ url: `http://127.0.0.1:${port}/slow`, query: { message: "{{message}}" } })}`;
  agentId = await publishAgent(owner, world.acme.ops, { model: "builtin:procedure", procedure });
});

afterAll(async () => {
  await stopEngine();
  Object.assign(env, { ENGINE_MAX_IN_FLIGHT: saved.slots, HTTP_TOOL_ALLOWED_HOSTS: saved.hosts });
  await new Promise<void>((resolve) => toolServer.close(() => resolve()));
});

async function open(message: string): Promise<string> {
  const response = await api("POST", `/agents/${agentId}/sessions`, {
    credential: world.people.owner.key,
    body: { message },
  });
  expect(response.status).toBe(202);
  return (response.body as { executionId: string }).executionId;
}

describe("a draining engine", () => {
  it("stops fetching, lets its running turn finish, and leaves the queued one to the next engine, each run once", async () => {
    await startEngine();
    const first = await open("first");
    await waitForTurn(first, ["RUNNING"]);
    const second = await open("second");

    await drainEngine(Date.now() + 15_000);
    // The running turn finished inside the grace period; the queued one was never fetched.
    expect((await db().turn.findUniqueOrThrow({ where: { id: first } })).status).toBe("COMPLETED");
    expect((await db().turn.findUniqueOrThrow({ where: { id: second } })).status).toBe("QUEUED");
    await releaseEngine();

    // Another engine (here: this process started again) takes what was left.
    await startEngine();
    expect((await waitForTurn(second)).status).toBe("COMPLETED");
    expect(hits.filter((message) => message === "first")).toHaveLength(1);
    expect(hits.filter((message) => message === "second")).toHaveLength(1);
  });
});

describe("draining streams", () => {
  it("ends an open session stream with a retry line, and a stream opened while draining at once", async () => {
    const { organization, domain, user } = await actorIn();
    const session = await sessionRow({ organizationId: organization.id, domainId: domain.id, ownerId: user.id });
    const open = sessionEventStream({ sessionId: session.id, lastEventId: null, snapshot: async () => ({}) });
    // readFrames returns when the stream ends (the predicate never says enough) and throws on
    // its timeout: the drain must end the stream.
    const text = await readFrames(open, (sofar) => {
      if (sofar.includes("event: snapshot") && !isDraining()) startDraining();
      return false;
    });
    const frames = parseFrames(text);
    expect(frames.at(-1)).toMatchObject({ retry: "500" });
    expect(frames.map((frame) => frame.event).filter(Boolean)).toEqual(["snapshot"]);

    const late = await readFrames(
      sessionEventStream({ sessionId: session.id, lastEventId: "0", snapshot: async () => ({}) }),
      () => false,
    );
    expect(late).toBe("retry: 2000\n\nretry: 500\n: server shutting down, reconnect with Last-Event-ID\n\n");
  });
});
