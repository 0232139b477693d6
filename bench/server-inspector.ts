// The server's own view of its memory, through its inspector (`node --inspect=ADDRESS`): a Chrome
// DevTools Protocol session, and the process's memory after full garbage collections. Needs
// Node's WebSocket: on Node 20 run the benchmark with NODE_OPTIONS=--experimental-websocket.

export type TServerInspector = { call: <T>(method: string, params?: object) => Promise<T>; close: () => void };

/** A DevTools Protocol session on the server's inspector at `address` (host:port). */
export async function serverInspector(address: string): Promise<TServerInspector> {
  if (typeof WebSocket === "undefined")
    throw new Error(
      "reading the server's memory needs Node's WebSocket: run with NODE_OPTIONS=--experimental-websocket",
    );
  const [target] = (await (await fetch(`http://${address}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
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

/** process.memoryUsage() in the server after two full collections: what is live, not yet-uncollected garbage. */
export async function collectedMemory(server: TServerInspector): Promise<Record<string, number>> {
  await server.call("HeapProfiler.collectGarbage");
  await server.call("HeapProfiler.collectGarbage");
  const { result } = await server.call<{ result: { value: string } }>("Runtime.evaluate", {
    expression: "JSON.stringify(process.memoryUsage())",
  });
  return JSON.parse(result.value) as Record<string, number>;
}
