// Trigger fire benchmark (issue 5): fires per second and p50/p99 of POST /api/v1/triggers/fire on
// the fixture's three-subscriber API trigger (httpRead, callerRequired, flows.echo, all started
// with caller material), replays per second of one completed Idempotency-Key, and 100 concurrent
// duplicates of one key (executions counted at the receiver: must be 1), signed event deliveries
// to the fixture event trigger (flows.echo started, callerRequired refused), each beside the
// same-run baseline (a bare route handler answering 202 without work).
// Usage: npx tsx bench/triggers.ts --base-url URL --http-port 4091 [--fires 200] [--concurrency 8]
//        [--duplicates 100] [--rounds 8] [--slice-seconds 2] [--metrics-token TOKEN]
// --rounds, --slice-seconds and --metrics-token as in bench/sessions.ts; --fires is the warm-up's count.
// The service must run with ALLOW_FIXTURES=1 and HTTP_TOOL_ALLOWED_HOSTS=127.0.0.1:<http-port>.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { BESIDE_OPTIONS, besideRunner, expectStatus, fixtureWorld, measure, printBesideTable } from "./measure";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    "http-port": { type: "string", default: "4091" },
    fires: { type: "string", default: "200" },
    concurrency: { type: "string", default: "8" },
    duplicates: { type: "string", default: "100" },
    ...BESIDE_OPTIONS,
  },
});
const baseUrl = values["base-url"]!;
const httpPort = Number(values["http-port"]);
const total = Number(values.fires);
const concurrency = Number(values.concurrency);
const beside = besideRunner(baseUrl, concurrency, values);

// The tool target answers at once and counts requests per marker (the fire's prompt).
const seen = new Map<string, number>();
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  request.on("end", () => {
    const text = `${request.url ?? ""} ${body}`;
    const marker = /bench-dup-[a-z0-9]+/.exec(text)?.[0];
    if (marker) seen.set(marker, (seen.get(marker) ?? 0) + 1);
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => receiver.listen(httpPort, "127.0.0.1", resolve));

const world = fixtureWorld(baseUrl, `http://127.0.0.1:${httpPort}`);
const acme = world.orgs.acme;
const headers = { authorization: `Bearer ${acme.users.owner.apiKey}`, "content-type": "application/json" };
const fireBody = (prompt: string) =>
  JSON.stringify({
    triggerId: acme.triggers.api.id,
    input: { prompt },
    callerCredentials: { integrations: { "service.http": { token: "bench-caller-token" } } },
  });

const fire = async () => {
  const response = await fetch(`${baseUrl}/api/v1/triggers/fire`, { method: "POST", headers, body: fireBody("bench") });
  const body = (await expectStatus(response, 202)) as { sessions: unknown[] };
  if (body.sessions.length !== 3) throw new Error(`expected 3 sessions, got ${body.sessions.length}`);
};

/** One signed webhook.received delivery, as a source system sends it (each one distinct, so none is a redelivery). */
let deliveries = 0;
const deliverEvent = async () => {
  const raw = JSON.stringify({ payload: { bench: ++deliveries } });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", acme.triggers.event.endpointSecret)
    .update(`${timestamp}.${raw}`)
    .digest("hex");
  const response = await fetch(acme.triggers.event.ingressUrl.replace(/^https?:\/\/[^/]+/, baseUrl), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-service-timestamp": timestamp,
      "x-service-signature": `sha256=${signature}`,
    },
    body: raw,
  });
  const body = (await expectStatus(response, 202)) as { matched: boolean };
  if (!body.matched) throw new Error("expected the event to match");
};

const replayKey = `bench-replay-${Date.now().toString(36)}`;
const replay = async () => {
  const response = await fetch(`${baseUrl}/api/v1/triggers/fire`, {
    method: "POST",
    headers: { ...headers, "idempotency-key": replayKey },
    body: fireBody("bench-replay"),
  });
  await expectStatus(response, 202);
  if (response.headers.get("idempotency-replayed") !== "true") throw new Error("expected a replay");
};

/** 100 concurrent requests with one key: counts fresh 202s, replays, 409s and receiver-side executions. */
async function duplicates(count: number) {
  const marker = `bench-dup-${Date.now().toString(36)}`;
  const key = `bench-dup-key-${Date.now().toString(36)}`;
  const responses = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${baseUrl}/api/v1/triggers/fire`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": key },
        body: fireBody(marker),
      }),
    ),
  );
  const tally = { fresh: 0, replayed: 0, inProgress: 0, other: 0 };
  for (const response of responses) {
    await response.arrayBuffer();
    if (response.status === 202)
      tally[response.headers.get("idempotency-replayed") === "true" ? "replayed" : "fresh"]++;
    else if (response.status === 409) tally.inProgress++;
    else tally.other++;
  }
  // Each execution makes three upstream calls (two agents, one flow): wait (up to a minute) for
  // them to land, then a little longer to see that no second execution follows.
  const deadline = Date.now() + 60_000;
  while ((seen.get(marker) ?? 0) < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const executions = (seen.get(marker) ?? 0) / 3;
  return { ...tally, executions };
}

// Duplicates first: the throughput cases leave thousands of queued turns behind them.
const dup = await duplicates(Number(values.duplicates));
await measure("warm-up", fire, total, concurrency);
await expectStatus(
  await fetch(`${baseUrl}/api/v1/triggers/fire`, {
    method: "POST",
    headers: { ...headers, "idempotency-key": replayKey },
    body: fireBody("bench-replay"),
  }),
  202,
);
printBesideTable([
  await beside("POST /triggers/fire (3 subscribers, 202)", fire),
  await beside("POST /triggers/fire replay (same Idempotency-Key)", replay),
  await beside("POST /triggers/ingress/<token> (signed event, 1 started + 1 refused)", deliverEvent),
]);
console.log(
  `\n${values.duplicates} concurrent duplicates of one key: ${dup.fresh} fresh 202, ${dup.replayed} replayed 202, ${dup.inProgress} 409 IDEMPOTENCY_IN_PROGRESS, ${dup.other} other; executions at the receiver: ${dup.executions} (must be 1)`,
);
if (dup.fresh !== 1 || dup.executions !== 1) process.exitCode = 1;
receiver.close();
