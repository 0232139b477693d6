import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { publishAgent, startEngine, stopEngine } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env, publicBaseUrl } from "@/server/env";
import { handleMcpRequest } from "./handle-mcp-request";
import type { TAgentToolOutput } from "./tool-result";

/**
 * tools/call end to end in-process: the SDK's client, the route handler, the session services
 * and the real queue and turn workers on the test database.
 */
let world: TAgentsWorld;
// Tool names follow the agents' names (tool-names.ts).
const names = { echo: "echo", writer: "writer", broken: "broken" };

async function connect(key: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/api/v1/mcp"), {
    fetch: (url, init) => handleMcpRequest(new Request(url, init)),
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: "vitest", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function call(key: string, name: string, args: Record<string, unknown>, onprogress?: (message: string) => void) {
  const client = await connect(key);
  try {
    const result = (await client.callTool(
      { name, arguments: args },
      undefined,
      onprogress ? { onprogress: (p) => onprogress(p.message ?? "") } : undefined,
    )) as CallToolResult;
    return {
      result,
      output: result.structuredContent as TAgentToolOutput,
      text: result.content.map((item) => (item.type === "text" ? item.text : "")).join("\n"),
    };
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  world = await agentsWorld();
  await startEngine();
  const owner = world.people.owner.actor;
  await publishAgent(owner, world.acme.ops, { model: "builtin:echo", principles: "Answer." }, { name: "Echo" });
  await publishAgent(
    owner,
    world.acme.ops,
    {
      model: "builtin:procedure",
      procedure: '#service.http.post {"url":"http://127.0.0.1:9/write","body":{"message":"{{message}}"}}',
      approvalTools: ["service.http.post"],
    },
    { name: "Writer" },
  );
  const broken = await publishAgent(owner, world.acme.ops, { model: "builtin:echo" }, { name: "Broken" });
  // A model that went away after publishing: the turn fails with MODEL_UNAVAILABLE.
  const revision = await db().automationRevision.findFirstOrThrow({ where: { automationId: broken } });
  await db().automationRevision.update({
    where: { id: revision.id },
    data: { setup: { ...(revision.setup as object), model: "builtin:retired" } },
  });
});

afterAll(async () => {
  await stopEngine();
});

describe("tools/call", () => {
  it("opens a session with origin MCP, answers, and continues it with sessionId", async () => {
    const key = world.people.operator.key;
    const progress: string[] = [];
    const first = await call(key, names.echo, { message: "  hello there  " }, (message) => progress.push(message));
    expect(first.result.isError).toBeFalsy();
    expect(first.output).toMatchObject({ status: "completed", answer: "Echo: hello there" });
    expect(first.text).toContain("Echo: hello there");
    expect(first.text).toContain(first.output.sessionId!);
    expect(first.text).toContain(first.output.executionId!);
    expect(progress).toContain("The agent started working on the message.");
    expect(progress.at(-1)).toBe("The agent finished.");

    const second = await call(key, names.echo, { message: "second question", sessionId: first.output.sessionId });
    expect(second.output).toMatchObject({
      status: "completed",
      sessionId: first.output.sessionId,
      answer: "Echo: second question",
    });
    expect(second.output.executionId).not.toBe(first.output.executionId);

    const details = await api("GET", `/agents/sessions/${first.output.sessionId}`, { credential: key });
    expect(details.body.origin).toBe("mcp");
    expect(details.body.messages.map((m: { role: string; body: string }) => [m.role, m.body])).toEqual([
      ["user", "hello there"],
      ["assistant", "Echo: hello there"],
      ["user", "second question"],
      ["assistant", "Echo: second question"],
    ]);
    expect(details.body.turns).toHaveLength(2);
  });

  it("reports a suspension for approval as a result with the approval, the tool and where to decide", async () => {
    const { output, result, text } = await call(world.people.operator.key, names.writer, { message: "write this" });
    expect(result.isError).toBeFalsy();
    const approval = await db().approval.findFirstOrThrow({
      where: { sessionId: output.sessionId!, status: "PENDING" },
    });
    expect(output).toEqual({
      status: "suspended",
      sessionId: output.sessionId,
      executionId: approval.turnId,
      approval: {
        approvalId: approval.id,
        toolName: "service.http.post",
        consoleUrl: `${publicBaseUrl()}/sessions/${output.sessionId}`,
        approvalRoute: `${publicBaseUrl()}/api/v1/agents/sessions/${output.sessionId}/turn-approval`,
      },
    });
    expect(text).toContain(approval.id);
    expect(text).toContain("service.http.post");

    // While it waits, another message to the session is stored and queued behind it
    // (docs/conversations.md): the call reports the new turn as still running.
    const wait = env.MCP_TURN_WAIT_SECONDS;
    env.MCP_TURN_WAIT_SECONDS = 1;
    try {
      const again = await call(world.people.operator.key, names.writer, {
        message: "more",
        sessionId: output.sessionId,
      });
      expect(again.result.isError).toBeFalsy();
      expect(again.output).toMatchObject({ status: "running", sessionId: output.sessionId });
      expect(again.output.executionId).not.toBe(approval.turnId);
      const queued = await db().turn.findUniqueOrThrow({
        where: { id: again.output.executionId! },
        select: { status: true },
      });
      expect(queued.status).toBe("QUEUED");
    } finally {
      env.MCP_TURN_WAIT_SECONDS = wait;
    }
  });

  it("reports a failed turn as a tool error with its code", async () => {
    const { output, result, text } = await call(world.people.operator.key, names.broken, { message: "hi" });
    expect(result.isError).toBe(true);
    expect(output).toMatchObject({ status: "failed", error: { code: "MODEL_UNAVAILABLE" } });
    expect(text).toContain("(MODEL_UNAVAILABLE)");
    expect(text).toContain(output.sessionId!);
  });

  it("lets another driver of the domain continue a session; people outside it do not even see the tool", async () => {
    const opened = await call(world.people.owner.key, names.echo, { message: "owner's question" });
    expect(opened.output.status).toBe("completed");
    const editor = await call(world.people.editor.key, names.echo, {
      message: "editor joins",
      sessionId: opened.output.sessionId,
    });
    expect(editor.output).toMatchObject({ status: "completed", answer: "Echo: editor joins" });
    const outsider = await call(world.people.salesEditor.key, names.echo, {
      message: "hi",
      sessionId: opened.output.sessionId,
    });
    expect(outsider.result.isError).toBe(true);
    expect(outsider.text).toContain("Tool echo not found");
  });
});
