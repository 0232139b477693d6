import { fixtureWorld, openSession, waitForCompletion } from "./measure";
const baseUrl = process.argv[2]!; const n = Number(process.argv[3] ?? 10);
const world = fixtureWorld(baseUrl, "http://127.0.0.1:4090");
const headers = { authorization: `Bearer ${world.orgs.acme.users.owner.apiKey}`, "content-type": "application/json" };
await waitForCompletion(baseUrl, headers, await openSession(baseUrl, headers, world.orgs.acme.agents.echo.id));
await new Promise((r) => setTimeout(r, 3000)); console.error("MARK", new Date().toISOString());
for (let i = 0; i < n; i++) await waitForCompletion(baseUrl, headers, await openSession(baseUrl, headers, world.orgs.acme.agents.echo.id));
