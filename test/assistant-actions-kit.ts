import { createServer } from "node:http";
import type { TActionClass } from "../src/contracts/assistant/actions";
import { db } from "../src/server/db/client";
import { env } from "../src/server/env";
import {
  ASSISTANT_OPERATIONS,
  assistantActionsSetup,
  assistantCallLine,
  importAssistantActions,
  type TAssistantToolKind,
} from "../src/server/services/fixtures/assistant-actions-integration";
import { assistantWorld } from "./assistant-kit";
import { publishAgent } from "./sessions-kit";

/** One request the actions receiver got; `json` is the parsed body (null when there was none). */
export type TActionRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: unknown;
};

/**
 * A real HTTP server on loopback standing in for the upstream of the assistant's tools: records
 * every request and answers 200 JSON, or the status a test set for a path with `fail`.
 */
export async function startActionsReceiver() {
  const requests: TActionRequest[] = [];
  const failing = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver");
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json,
      });
      const status = failing.get(url.pathname) ?? 200;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(
        JSON.stringify(status < 400 ? { ok: true, path: url.pathname } : { error: `failing on purpose (${status})` }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const pathOf = (target: TAssistantToolKind | string) =>
    target in ASSISTANT_OPERATIONS ? ASSISTANT_OPERATIONS[target as TAssistantToolKind].path : target;
  return {
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    /** Requests to one tool's path (a kind such as "email.send", or a path). */
    to: (target: TAssistantToolKind | string) => requests.filter((request) => request.path === pathOf(target)),
    /** Makes a tool's path (a kind or a path) answer `status` until `recover`. */
    fail: (target: TAssistantToolKind | string, status = 500) => void failing.set(pathOf(target), status),
    recover: (target?: TAssistantToolKind | string) =>
      target === undefined ? failing.clear() : void failing.delete(pathOf(target)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TActionsReceiver = Awaited<ReturnType<typeof startActionsReceiver>>;

/** Lets the guarded HTTP executor reach the loopback receiver (it refuses private addresses otherwise). */
export function allowHost(hostPort: string) {
  const hosts = env.HTTP_TOOL_ALLOWED_HOSTS.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!hosts.includes(hostPort)) env.HTTP_TOOL_ALLOWED_HOSTS = [...hosts, hostPort].join(",");
}

/**
 * `assistantWorld` whose assistant can act: the follower has imported an OpenAPI integration
 * (one POST per action class, one GET read) pointing at a loopback receiver, and its configured
 * assistant agent (`agentId`) is a published `builtin:assistant` agent that offers the seven
 * tools (bound as `service`, no credential) with the six POST tools in `actionClasses`. Post
 * `callLine(kind, args)` as a worker message to make the turn call that tool with those args.
 * The caller closes the receiver it passed, or `receiver.close()` the one started here.
 */
export async function assistantActionsWorld(o: { receiver?: TActionsReceiver; webhookUrl?: string } = {}) {
  const world = await assistantWorld({ configure: false });
  const receiver = o.receiver ?? (await startActionsReceiver());
  allowHost(receiver.hostPort);
  const { integrationId, tools } = await importAssistantActions(world.owner.actor, receiver.base);
  const setup = assistantActionsSetup(tools);
  const agentId = await publishAgent(world.owner.actor, world.customer.domain.id, setup);
  await db().assistantConfig.create({
    data: {
      organizationId: world.orgId,
      assistantAutomationId: agentId,
      webhookUrl: o.webhookUrl ?? "https://hooks.example/assistant",
    },
  });
  return {
    ...world,
    /** The echo agent assistantWorld published (not configured here). */
    echoAgentId: world.agentId,
    agentId,
    integrationId,
    receiver,
    tools,
    actionClasses: setup.actionClasses,
    callLine: (kind: TActionClass | "read", args: Record<string, unknown> = {}) => assistantCallLine(tools, kind, args),
  };
}

export type TAssistantActionsWorld = Awaited<ReturnType<typeof assistantActionsWorld>>;
