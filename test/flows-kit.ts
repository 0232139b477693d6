import { env } from "../src/server/env";
import { createConnection } from "../src/server/services/connections/create-connection";
import { agentsWorld } from "./agents-kit";
import { startEngine, startReceiver, stopEngine } from "./sessions-kit";

/**
 * What flow-run tests share: an agents world with the engine running, a loopback receiver the
 * HTTP tool may reach, and an organization connection for service.http in ops holding
 * `orgToken`. `stop` ends the engine and the receiver.
 */
export async function flowEngineWorld(orgToken: string) {
  const world = await agentsWorld();
  const receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  await createConnection(world.people.owner.actor, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: orgToken,
  });
  const stop = async () => {
    await stopEngine();
    await receiver.close();
  };
  return { world, receiver, stop };
}

/** The graph of a flow whose one step POSTs its input verbatim to `url` (the echo flow's shape). */
export function postInputGraph(url: string) {
  return {
    inputSchema: { type: "object", properties: {}, additionalProperties: true },
    steps: [{ id: "post", kind: "tool" as const, tool: "service.http.post", args: { url, body: "{{input}}" } }],
  };
}
