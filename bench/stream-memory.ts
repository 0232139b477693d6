// Where a held session stream's memory goes: the server's V8 heap after garbage collection, per
// stream, with the code that allocated what is still live (V8's sampling heap profiler, read
// through the inspector). RSS per stream (bench/streams.ts) says how much; this says whose.
// Usage: npx tsx bench/stream-memory.ts --base-url URL --inspector 127.0.0.1:9339 [--sessions 100] [--per-session 10]
// The service must run with ALLOW_FIXTURES=1, rate limits above the stream count, and
// `node --inspect=127.0.0.1:9339 node_modules/next/dist/bin/next start`. Needs Node's WebSocket:
// run it with NODE_OPTIONS=--experimental-websocket on Node 20.
import { parseArgs } from "node:util";
import { fixtureWorld, openSession } from "./measure";

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

/** A Chrome DevTools Protocol session on the server's inspector. */
async function inspector(address: string) {
  const [target] = (await (await fetch(`http://${address}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", reject);
  });
  let lastId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (message) => {
    const { id, result } = JSON.parse(String(message.data)) as { id?: number; result?: unknown };
    if (id !== undefined) waiting.get(id)?.(result);
    waiting.delete(id!);
  });
  const call = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = ++lastId;
      waiting.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => socket.close() };
}

const world = fixtureWorld(baseUrl);
const headers = { authorization: `Bearer ${world.orgs.acme.users.owner.apiKey}`, "content-type": "application/json" };
const server = await inspector(values.inspector!);

/** The heap after two full collections, as process.memoryUsage() reports it in the server. */
async function liveMemory(): Promise<Record<string, number>> {
  await server.call("HeapProfiler.collectGarbage");
  await server.call("HeapProfiler.collectGarbage");
  const { result } = await server.call<{ result: { value: string } }>("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())" });
  return JSON.parse(result.value);
}

const held: AbortController[] = [];
async function follow(sessionId: string) {
  const controller = new AbortController();
  held.push(controller);
  const stream = await fetch(`${baseUrl}/api/v1/agents/sessions/${sessionId}/stream`, { headers, signal: controller.signal });
  if (stream.status !== 200) throw new Error(`stream: ${stream.status}`);
  void stream.body?.getReader().read().catch(() => undefined);
}

const sessionIds: string[] = [];
for (let index = 0; index < Number(values.sessions); index++) {
  sessionIds.push(await openSession(baseUrl, headers, world.orgs.acme.agents.echo.id, "memory"));
}
// One stream per session first: the hub's per-session state and every code path are warm, so
// what follows is the cost of one more follower.
for (const sessionId of sessionIds) await follow(sessionId);
await new Promise((resolve) => setTimeout(resolve, 2_000));
const before = await liveMemory();
await server.call("HeapProfiler.startSampling", { samplingInterval: 1024 });
const measured = Number(values["per-session"]) * sessionIds.length;
for (let round = 0; round < Number(values["per-session"]); round++) for (const sessionId of sessionIds) await follow(sessionId);
await new Promise((resolve) => setTimeout(resolve, 3_000));
const after = await liveMemory();
const { profile } = await server.call<{ profile: { head: TSampleNode } }>("HeapProfiler.getSamplingProfile");

const bySource = new Map<string, number>();
const byStack = new Map<string, number>();
const where = (frame: TCallFrame) => `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber}`;
(function walk(node: TSampleNode, stack: string[]) {
  const frames = [...stack, where(node.callFrame)];
  if (node.selfSize > 0) {
    const source = node.callFrame.url.split("/").slice(-3).join("/") || "(V8 internal)";
    bySource.set(source, (bySource.get(source) ?? 0) + node.selfSize);
    const stackKey = frames.slice(-3).reverse().join(" < ");
    byStack.set(stackKey, (byStack.get(stackKey) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, frames);
})(profile.head, []);

const kib = (bytes: number) => (bytes / measured / 1024).toFixed(1);
console.log(`${measured} more streams on ${sessionIds.length} sessions; per stream, after garbage collection:`);
for (const key of ["rss", "heapUsed", "external", "arrayBuffers"]) console.log(`  ${key}: ${kib(after[key]! - before[key]!)} KiB`);
const top = (title: string, entries: Map<string, number>, count: number) => {
  console.log(`\nlive allocations per stream by ${title}:`);
  for (const [key, bytes] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`  ${kib(bytes).padStart(5)} KiB  ${key}`);
};
top("source file", bySource, 15);
top("allocating stack", byStack, 15);
server.close();
for (const controller of held) controller.abort();
process.exit(0);
