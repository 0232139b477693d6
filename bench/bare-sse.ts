// The floor under RSS per stream: what one held SSE response costs a bare `node:http` server on
// this Node, with no framework and no application state. bench/streams.ts measures the service;
// this says how much of that any Node server pays per connection.
// Usage: bash -c 'ulimit -n $(ulimit -Hn) && npx tsx bench/bare-sse.ts [--streams 3000]'   (both ends need the file limit)
import { fork } from "node:child_process";
import { createServer, get, Agent, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";

if (process.argv.includes("--role=server")) {
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (req.url === "/memory") {
      (globalThis as { gc?: () => void }).gc?.();
      (globalThis as { gc?: () => void }).gc?.();
      res.end(JSON.stringify(process.memoryUsage()));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform" });
    res.write("retry: 2000\n\n");
    held.add(res);
    req.on("close", () => held.delete(res));
  });
  server.listen(0, "127.0.0.1", () => process.send!((server.address() as AddressInfo).port));
} else {
  const { values } = parseArgs({ options: { streams: { type: "string", default: "3000" } } });
  const count = Number(values.streams);
  const server = fork(process.argv[1]!, ["--role=server"], { execArgv: ["--import", "tsx", "--expose-gc"] });
  const port = await new Promise<number>((resolve) => server.once("message", (message) => resolve(Number(message))));
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const open = () =>
    new Promise<IncomingMessage>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/stream`, { agent }, (res) => res.once("data", () => resolve(res))).on(
        "error",
        reject,
      );
    });
  const memory = async () => (await (await fetch(`http://127.0.0.1:${port}/memory`)).json()) as Record<string, number>;
  await Promise.all(Array.from({ length: 50 }, open));
  const before = await memory();
  for (let opened = 0; opened < count; opened += 100)
    await Promise.all(Array.from({ length: Math.min(100, count - opened) }, open));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = await memory();
  const kib = (key: string) => ((after[key]! - before[key]!) / count / 1024).toFixed(1);
  console.log(
    `${count} held SSE responses on bare node:http ${process.version}: heap ${kib("heapUsed")} KiB, RSS ${kib("rss")} KiB per stream`,
  );
  server.kill();
  process.exit(0);
}
