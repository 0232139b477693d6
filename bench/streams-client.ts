// The client half of bench/streams.ts, in its own process (and its own fd limit) so the
// server's numbers are the server's: holds `--per-session` SSE streams on each session listed
// in `--sessions-file` and records, for every logged event, when the LAST of that session's
// streams received it (arrival minus the event's `ts`, the commit-side clock of the same
// machine). stdin commands: `report` prints one JSON line of what was delivered since the last
// report; `quit` closes everything.
// Usage (spawned by bench/streams.ts): tsx bench/streams-client.ts --base-url URL --key yk_...
//        --sessions-file FILE --per-session 10 [--connect-concurrency 50]
import { readFileSync } from "node:fs";
import http from "node:http";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    key: { type: "string" },
    "sessions-file": { type: "string" },
    "per-session": { type: "string", default: "10" },
    "connect-concurrency": { type: "string", default: "50" },
  },
});
const base = new URL(values["base-url"]!);
const sessionIds = JSON.parse(readFileSync(values["sessions-file"]!, "utf8")) as string[];
const perSession = Number(values["per-session"]);

type TPending = { count: number; latest: number; completes: boolean };
// Per (session, seq): how many streams have it and the slowest arrival; dropped once all have it.
const pending = new Map<string, TPending>();
let delivered: number[] = [];
let frameLatencies: number[] = [];
let completedTurns = 0;
let frames = 0;
const requests: http.ClientRequest[] = [];

function onFrame(data: string): void {
  frames++;
  const message = JSON.parse(data) as { sessionId: string; seq: number; ts: string; event: string };
  if (message.event === "snapshot" || message.event === "stream.reset") return;
  const latency = Date.now() - Date.parse(message.ts);
  if (frameLatencies.length < 200_000) frameLatencies.push(latency);
  const key = `${message.sessionId}/${message.seq}`;
  const entry = pending.get(key) ?? { count: 0, latest: 0, completes: message.event === "turn.completed" };
  entry.count++;
  entry.latest = Math.max(entry.latest, latency);
  if (entry.count < perSession) {
    pending.set(key, entry);
    return;
  }
  pending.delete(key);
  delivered.push(entry.latest);
  if (entry.completes) completedTurns++;
}

function openStream(sessionId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: `/api/v1/agents/sessions/${sessionId}/stream`,
        agent: false,
        headers: { authorization: `Bearer ${values.key}`, accept: "text/event-stream" },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return resolve(false);
        }
        response.setEncoding("utf8");
        let buffered = "";
        let answered = false;
        response.on("data", (chunk: string) => {
          buffered += chunk;
          let end: number;
          while ((end = buffered.indexOf("\n\n")) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const line = block.split("\n").find((each) => each.startsWith("data: "));
            if (line) onFrame(line.slice(6));
            // Connected once the snapshot arrived: the stream is following the hub.
            if (!answered && block.includes("event: snapshot")) {
              answered = true;
              resolve(true);
            }
          }
        });
        response.on("error", () => resolve(false));
      },
    );
    request.on("error", () => resolve(false));
    requests.push(request);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : null;

let next = 0;
let open = 0;
let failed = 0;
const targets = sessionIds.flatMap((sessionId) => Array.from({ length: perSession }, () => sessionId));
const started = Date.now();
await Promise.all(
  Array.from({ length: Number(values["connect-concurrency"]) }, async () => {
    while (next < targets.length) {
      const sessionId = targets[next++]!;
      if (await openStream(sessionId)) open++;
      else failed++;
    }
  }),
);
console.log(JSON.stringify({ ready: true, open, failed, connectSeconds: (Date.now() - started) / 1000 }));

createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() === "report") {
    const sorted = [...delivered].sort((a, b) => a - b);
    const perFrame = [...frameLatencies].sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        report: true,
        events: sorted.length,
        completedTurns,
        allStreamsP50: quantile(sorted, 0.5),
        allStreamsP99: quantile(sorted, 0.99),
        perFrameP50: quantile(perFrame, 0.5),
        perFrameP99: quantile(perFrame, 0.99),
        frames,
        incomplete: pending.size,
      }),
    );
  } else if (line.trim() === "reset") {
    delivered = [];
    frameLatencies = [];
    completedTurns = 0;
  } else if (line.trim() === "quit") {
    for (const request of requests) request.destroy();
    process.exit(0);
  }
});
