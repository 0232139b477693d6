import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, draftRow, type TAgentsWorld } from "../../../../test/agents-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAgent } from "./create-agent";
import { runAgentByHand } from "./run-agent";
import { updateAgentSetup } from "./update-agent-setup";
import { verifyAgent } from "./verify-agent";

// The newcomer's first agent (issue 41, trap 1): it gets a model that runs its procedure, really
// calls the tool its procedure names, and Verify says so in words when a model will not.

describe("a new agent without a model", () => {
  let world: TAgentsWorld;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    world = await agentsWorld();
    receiver = await startReceiver();
    env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
    await startEngine();
    await createConnection(world.people.owner.actor, {
      domainId: world.acme.ops,
      integrationId: "service.http",
      name: "HTTP",
      token: "org-token",
    });
  });

  afterAll(async () => {
    await stopEngine();
    await receiver.close();
  });

  it("gets builtin:procedure, from the console's create and from the API", async () => {
    const created = await createAgent(world.people.owner.actor, { domainId: world.acme.ops, name: "First agent" });
    expect((await draftRow(created.id)).model).toBe("builtin:procedure");
    const response = await api("POST", "/authoring/automations", {
      credential: world.people.owner.key,
      body: { domainId: world.acme.ops, name: "First agent by API", initialSetup: { procedure: "Hello" } },
    });
    expect(response.status).toBe(201);
    expect((await draftRow(response.body.id as string)).model).toBe("builtin:procedure");
    // A model named on purpose is kept.
    const echo = await createAgent(world.people.owner.actor, {
      domainId: world.acme.ops,
      name: "Echo on purpose",
      initialSetup: { model: "builtin:echo" },
    });
    expect((await draftRow(echo.id)).model).toBe("builtin:echo");
  });

  it("runs its procedure's tool line: the first agent does something", async () => {
    const marker = `m${crypto.randomUUID().slice(0, 12)}`;
    const procedure = `#service.http.get ${JSON.stringify({ url: `${receiver.base}/first`, query: { message: "{{message}}" } })}`;
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, { procedure });
    const started = await runAgentByHand(world.people.owner.actor, { id: agentId, message: marker });
    expect((await waitForTurn(started.executionId)).status).toBe("COMPLETED");
    expect(receiver.withMarker(marker).map((request) => request.path)).toEqual(["/first"]);
  });

  it("Verify warns in words when the model will not call the procedure's tools", async () => {
    const { actor } = world.people.owner;
    const agent = await createAgent(actor, { domainId: world.acme.ops, name: "Prose procedure" });
    await updateAgentSetup(actor, { id: agent.id, procedure: "Look the order up with #service.http.get." });
    const prose = await verifyAgent(actor, { id: agent.id });
    expect(prose.findings).toEqual([]);
    expect(prose.warnings).toEqual([
      {
        kind: "model_cannot_call_tools",
        span: null,
        detail: expect.stringContaining(
          "The model builtin:procedure calls only lines that name a tool followed by a JSON object",
        ),
      },
    ]);
    await updateAgentSetup(actor, {
      id: agent.id,
      model: "builtin:echo",
      procedure: '#service.http.get {"url": "https://example.com"}',
    });
    const echo = await verifyAgent(actor, { id: agent.id });
    expect(echo.warnings.map((warning) => warning.detail)).toEqual([
      expect.stringContaining("The model builtin:echo only repeats the message and never calls tools"),
    ]);
    // The same answer over the API (GET .../verify), and it never blocks publish.
    const overApi = await api("GET", `/authoring/automations/${agent.id}/verify`, {
      credential: world.people.owner.key,
    });
    expect(overApi.body.warnings).toEqual(echo.warnings);
  });
});
