import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../test/agents-kit";
import { createAndPublishAgent } from "@/server/services/agents/create-and-publish-agent";
import { handleMcpRequest } from "./handle-mcp-request";

/**
 * The endpoint in-process, spoken to by the MCP SDK's own client (its fetch is the route
 * handler itself, so every byte goes through the real transport on both sides).
 */
const URL_ = new URL("http://127.0.0.1/api/v1/mcp");
let world: TAgentsWorld;
let echoId: string;

const inProcessFetch = (url: string | URL, init?: RequestInit) => handleMcpRequest(new Request(url, init));

async function connect(credential: string | null): Promise<Client> {
  const headers: Record<string, string> = credential ? { authorization: `Bearer ${credential}` } : {};
  const transport = new StreamableHTTPClientTransport(URL_, { fetch: inProcessFetch, requestInit: { headers } });
  const client = new Client({ name: "vitest", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function post(headers: Record<string, string>, body: unknown, method = "POST"): Promise<Response> {
  return handleMcpRequest(
    new Request(URL_, {
      method,
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: method === "POST" ? JSON.stringify(body) : undefined,
    }),
  );
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
};

beforeAll(async () => {
  world = await agentsWorld();
  const owner = world.people.owner.actor;
  const setup = { model: "builtin:echo", principles: "Answer every message." };
  ({
    agent: { id: echoId },
  } = await createAndPublishAgent(owner, {
    domainId: world.acme.ops,
    name: "Echo",
    description: "Repeats what you say",
    setup,
  }));
  await createAndPublishAgent(owner, { domainId: world.acme.sales, name: "Sales echo", setup });
});

describe("POST /api/v1/mcp", () => {
  it("initializes, answers ping and lists the agents the key owner may run", async () => {
    const client = await connect(world.people.operator.key);
    expect(client.getServerVersion()).toMatchObject({ name: "agent-automation-service" });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain("sessionId");
    await expect(client.ping()).resolves.toEqual({});

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["echo"]);
    const [echo] = tools;
    expect(echo).toMatchObject({ title: "Echo", description: "Repeats what you say" });
    expect(echo!.inputSchema).toMatchObject({
      type: "object",
      required: ["message"],
      properties: {
        message: { type: "string", minLength: 1, maxLength: 8000 },
        sessionId: { type: "string", format: "uuid" },
      },
    });
    expect(echo!.outputSchema).toMatchObject({ type: "object", properties: { sessionId: {}, status: {} } });
    await client.close();
  });

  it("shows each person only what their domain roles let them execute", async () => {
    const list = async (key: string) => {
      const client = await connect(key);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      await client.close();
      return names;
    };
    expect(await list(world.people.owner.key)).toEqual(["echo", "sales_echo"]);
    expect(await list(world.people.salesEditor.key)).toEqual(["sales_echo"]);
    expect(await list(world.people.viewer.key)).toEqual([]);
    expect(await list(world.people.globexOwner.key)).toEqual([]);
  });

  it("answers a call with invalid arguments or an unknown tool as a tool error, not a crash", async () => {
    const client = await connect(world.people.operator.key);
    const empty = await client.callTool({ name: "echo", arguments: { message: "   " } });
    expect(empty.isError).toBe(true);
    expect(JSON.stringify(empty.content)).toMatch(/message/);
    const badSession = await client.callTool({ name: "echo", arguments: { message: "hi", sessionId: "not-a-uuid" } });
    expect(badSession.isError).toBe(true);
    const sales = await client.callTool({ name: "sales_echo", arguments: { message: "hi" } });
    expect(sales.isError).toBe(true);
    expect(JSON.stringify(sales.content)).toContain("sales_echo not found");
    await client.close();
  });

  it("refuses a continuation with a session that is not this agent's as NOT_FOUND", async () => {
    const client = await connect(world.people.operator.key);
    const result = await client.callTool({
      name: "echo",
      arguments: { message: "hi", sessionId: crypto.randomUUID() },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: "refused", error: { code: "NOT_FOUND" } });
    expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(/^NOT_FOUND: /);
    await client.close();
    expect(echoId).toBeTruthy();
  });

  it("refuses requests without a personal API key with 401 and a Bearer challenge", async () => {
    for (const credential of [null, world.people.operator.token, "yk_garbage", `${world.people.operator.key}x`]) {
      const response = await post(credential ? { authorization: `Bearer ${credential}` } : {}, initialize);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm=/);
      if (credential) expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
      const body = (await response.json()) as {
        jsonrpc: string;
        id: null;
        error: { code: number; message: string; data: { code: string } };
      };
      expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32001, data: { code: "UNAUTHORIZED" } } });
      expect(body.error.message).toContain("yk_");
    }
    const refused = connect(world.people.operator.token);
    await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(refused).rejects.toMatchObject({ code: 401 });
  });

  it("answers GET and DELETE with 405 (stateless: no stream, no session)", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await post({ authorization: `Bearer ${world.people.operator.key}` }, null, method);
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { data: { code: "METHOD_NOT_ALLOWED" } } });
    }
  });
});
