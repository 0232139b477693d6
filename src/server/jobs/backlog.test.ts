import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { publishAgent, startEngine, stopEngine } from "../../../test/sessions-kit";
import { env } from "@/server/env";
import { countBacklog, forgetBacklogCounts } from "./backlog";

// Backpressure (issue 38): past ENGINE_ORG_BACKLOG_LIMIT accepted, not yet started executions,
// an organization's new work gets 429 with Retry-After; other organizations are not affected.

let world: TAgentsWorld;
const agents = {} as Record<"acme" | "globex", string>;
const saved = env.ENGINE_ORG_BACKLOG_LIMIT;

beforeAll(async () => {
  world = await agentsWorld();
  // The queue without workers: what is accepted stays queued.
  await startEngine({ workers: false });
  agents.acme = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
  agents.globex = await publishAgent(world.people.globexOwner.actor, world.globex.main, { model: "builtin:echo" });
  env.ENGINE_ORG_BACKLOG_LIMIT = 3;
  forgetBacklogCounts();
});

afterAll(async () => {
  env.ENGINE_ORG_BACKLOG_LIMIT = saved;
  forgetBacklogCounts();
  await stopEngine();
});

const open = (agentId: string, key: string) =>
  api("POST", `/agents/${agentId}/sessions`, { credential: key, body: { message: "queued" } });

describe("the backlog bound", () => {
  it("refuses an organization's start past its backlog with 429 and Retry-After, and only that organization's", async () => {
    for (let index = 0; index < 3; index++) {
      const response = await open(agents.acme, world.people.owner.key);
      expect(response.status).toBe(202);
    }
    expect(await countBacklog(world.acme.id)).toBe(3);
    const refused = await open(agents.acme, world.people.owner.key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.body).toMatchObject({ error: { code: "RATE_LIMITED", details: { reason: "backlog", limit: 3 } } });
    expect((refused.body as { error: { message: string } }).error.message).toMatch(/3 executions waiting/);
    expect((await open(agents.globex, world.people.globexOwner.key)).status).toBe(202);
  });
});
