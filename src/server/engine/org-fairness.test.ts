import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";

// Per-organization fairness (issue 14, issue 38): with an operator's cap per organization, and
// without one, a burst of one organization leaves room to another's turns instead of making them
// wait behind it. ENGINE_MAX_IN_FLIGHT = 2 makes one process saturate with a small burst.

let world: TAgentsWorld;
let slowServer: ReturnType<typeof createServer>;
const saved = { slots: env.ENGINE_MAX_IN_FLIGHT, cap: env.ENGINE_ORG_CONCURRENCY, hosts: env.HTTP_TOOL_ALLOWED_HOSTS };
const agents = {} as Record<"slow" | "echo", string>;

beforeAll(async () => {
  world = await agentsWorld();
  // Each of org A's turns calls this tool, which answers after 150 ms: its backlog takes seconds.
  slowServer = createServer(
    (_req, res) =>
      void setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'), 150),
  );
  await new Promise<void>((resolve) => slowServer.listen(0, "127.0.0.1", resolve));
  const { port } = slowServer.address() as { port: number };
  env.HTTP_TOOL_ALLOWED_HOSTS = `127.0.0.1:${port}`;
  env.ENGINE_MAX_IN_FLIGHT = 2;
  env.ENGINE_ORG_CONCURRENCY = 1;
  await startEngine();
  const owner = world.people.owner.actor;
  await createConnection(owner, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: "fairness-token",
  });
  const procedure = `#service.http.get ${JSON.stringify({ url: `http://127.0.0.1:${port}/slow`, query: { message: "{{message}}" } })}`;
  agents.slow = await publishAgent(owner, world.acme.ops, { model: "builtin:procedure", procedure });
  agents.echo = await publishAgent(world.people.globexOwner.actor, world.globex.main, { model: "builtin:echo" });
});

afterAll(async () => {
  await stopEngine();
  Object.assign(env, {
    ENGINE_MAX_IN_FLIGHT: saved.slots,
    ENGINE_ORG_CONCURRENCY: saved.cap,
    HTTP_TOOL_ALLOWED_HOSTS: saved.hosts,
  });
  await new Promise<void>((resolve) => slowServer.close(() => resolve()));
});

async function open(agentId: string, key: string, message: string): Promise<string> {
  const response = await api("POST", `/agents/${agentId}/sessions`, { credential: key, body: { message } });
  expect(response.status).toBe(202);
  return (response.body as { executionId: string }).executionId;
}

describe("per-organization fairness on the engine", () => {
  it("runs another organization's turns while one organization's backlog of 50 is still queued", async () => {
    const burst: string[] = [];
    for (let index = 0; index < 50; index++) burst.push(await open(agents.slow, world.people.owner.key, `a-${index}`));
    const late = [
      await open(agents.echo, world.people.globexOwner.key, "b-1"),
      await open(agents.echo, world.people.globexOwner.key, "b-2"),
    ];

    for (const turnId of late)
      expect((await waitForTurn(turnId, ["COMPLETED", "FAILED"], 30_000)).status).toBe("COMPLETED");
    // Organization A never held more than its cap, so the other slot took B's turns; without
    // the cap both slots would have worked through A's 50 first (the queue is first in, first out).
    const burstLeft = await db().turn.count({ where: { id: { in: burst }, status: { in: ["QUEUED", "RUNNING"] } } });
    expect(burstLeft).toBeGreaterThan(25);
    const running = await db().turn.count({ where: { id: { in: burst }, status: "RUNNING" } });
    expect(running).toBeLessThanOrEqual(1);
  });
});

describe("fairness without a cap", () => {
  it("a saturated process takes another organization's fresh turn before the busy organization's backlog", async () => {
    // The operator's cap is off (the default): the engine still serves organizations in turn.
    await stopEngine();
    env.ENGINE_ORG_CONCURRENCY = 0;
    await startEngine();
    const burst: string[] = [];
    for (let index = 0; index < 40; index++) burst.push(await open(agents.slow, world.people.owner.key, `c-${index}`));
    // Both of the process's executions are A's now (what is left of the first burst, then this
    // one); B arrives behind all of them.
    await expect
      .poll(() => db().turn.count({ where: { organizationId: world.acme.id, status: "RUNNING" } }), { timeout: 10_000 })
      .toBe(2);
    const late = await open(agents.echo, world.people.globexOwner.key, "b-3");
    expect((await waitForTurn(late, ["COMPLETED", "FAILED"], 30_000)).status).toBe("COMPLETED");
    // Queue order alone would have run every one of A's 40 first.
    const burstLeft = await db().turn.count({ where: { id: { in: burst }, status: { in: ["QUEUED", "RUNNING"] } } });
    expect(burstLeft).toBeGreaterThan(30);
  });
});
