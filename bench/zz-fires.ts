import { expectStatus, fixtureWorld, measure } from "./measure";
const baseUrl = process.argv[2]!; const n = Number(process.argv[3] ?? 1000);
const world = fixtureWorld(baseUrl);
const headers = { authorization: `Bearer ${world.orgs.acme.users.owner.apiKey}`, "content-type": "application/json" };
const body = JSON.stringify({ triggerId: world.orgs.acme.triggers.api.id, input: { prompt: "bench" }, callerCredentials: { integrations: { "service.http": { token: "bench" } } } });
const fire = async () => void (await expectStatus(await fetch(`${baseUrl}/api/v1/triggers/fire`, { method: "POST", headers, body }), 202));
await measure("warm", fire, 200, 8);
console.log(await measure("fire", fire, n, 8));
