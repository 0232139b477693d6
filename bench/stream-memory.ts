// Where a held session stream's memory goes: the server's V8 heap after garbage collection, per
// stream, with the code that allocated what is still live (V8's sampling heap profiler, read
// through the inspector). RSS per stream (bench/streams.ts) says how much; this says whose.
// Usage: npx tsx bench/stream-memory.ts --base-url URL --inspector 127.0.0.1:9339 [--sessions 100] [--per-session 10]
// The service must run with ALLOW_FIXTURES=1, rate limits above the stream count, and
// `node --inspect=127.0.0.1:9339 node_modules/next/dist/bin/next start`. Needs Node's WebSocket:
// run it with NODE_OPTIONS=--experimental-websocket on Node 20.
import { parseArgs } from "node:util";
import { fixtureWorld, openSession } from "./measure";
import { collectedMemory, serverInspector } from "./server-inspector";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    inspector: { type: "string", default: "127.0.0.1:9229" },
    sessions: { type: "string", default: "100" },
    "per-session": { type: "string", default: "10" },
  },
});
const baseUrl = values["base-url"]!;

type TCallFrame = { functionName: string; url: string; lineNumber: number };
type TSampleNode = { callFrame: TCallFrame; selfSize: number; children: TSampleNode[] };

const world = fixtureWorld(baseUrl);
const headers = { authorization: `Bearer ${world.orgs.acme.users.owner.apiKey}`, "content-type": "application/json" };
const server = await serverInspector(values.inspector!);

const held: AbortController[] = [];
async function follow(sessionId: string) {
  const controller = new AbortController();
  held.push(controller);
  const stream = await fetch(`${baseUrl}/api/v1/agents/sessions/${sessionId}/stream`, {
    headers,
    signal: controller.signal,
  });
  if (stream.status !== 200) throw new Error(`stream: ${stream.status}`);
  // Not awaited: the stream is held open, not read to its end; the first read only starts it.
  stream.body
    ?.getReader()
    .read()
    .catch(() => undefined);
}

const sessionIds: string[] = [];
for (let index = 0; index < Number(values.sessions); index++) {
  sessionIds.push(await openSession(baseUrl, headers, world.orgs.acme.agents.echo.id, "memory"));
}
// One stream per session first: the hub's per-session state and every code path are warm, so
// what follows is the cost of one more follower.
for (const sessionId of sessionIds) await follow(sessionId);
await new Promise((resolve) => setTimeout(resolve, 2_000));
const before = await collectedMemory(server);
await server.call("HeapProfiler.startSampling", { samplingInterval: 1024 });
const measured = Number(values["per-session"]) * sessionIds.length;
for (let round = 0; round < Number(values["per-session"]); round++)
  for (const sessionId of sessionIds) await follow(sessionId);
await new Promise((resolve) => setTimeout(resolve, 3_000));
const after = await collectedMemory(server);
const { profile } = await server.call<{ profile: { head: TSampleNode } }>("HeapProfiler.getSamplingProfile");

const bySource = new Map<string, number>();
const byStack = new Map<string, number>();
// The service's own code is bundled into Next's server chunks; its stacks are listed apart.
const ownStack = new Map<string, number>();
const where = (frame: TCallFrame) =>
  `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber}`;
(function walk(node: TSampleNode, stack: string[]) {
  const frames = [...stack, where(node.callFrame)];
  if (node.selfSize > 0) {
    const source = node.callFrame.url.split("/").slice(-3).join("/") || "(V8 internal)";
    bySource.set(source, (bySource.get(source) ?? 0) + node.selfSize);
    const stackKey = frames.slice(-3).reverse().join(" < ");
    byStack.set(stackKey, (byStack.get(stackKey) ?? 0) + node.selfSize);
    if (node.callFrame.url.includes("/server/chunks/"))
      ownStack.set(stackKey, (ownStack.get(stackKey) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, frames);
})(profile.head, []);

const kib = (bytes: number) => (bytes / measured / 1024).toFixed(1);
console.log(`${measured} more streams on ${sessionIds.length} sessions; per stream, after garbage collection:`);
for (const key of ["rss", "heapUsed", "external", "arrayBuffers"])
  console.log(`  ${key}: ${kib(after[key]! - before[key]!)} KiB`);
const top = (title: string, entries: Map<string, number>, count: number) => {
  console.log(`\nlive allocations per stream by ${title}:`);
  for (const [key, bytes] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`  ${kib(bytes).padStart(5)} KiB  ${key}`);
};
top("source file", bySource, 15);
top("allocating stack", byStack, 15);
top("allocating stack in the service's own code", ownStack, 12);
server.close();
for (const controller of held) controller.abort();
process.exit(0);
