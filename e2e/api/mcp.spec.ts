import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "@playwright/test";
import { acme, globex, mintUserToken } from "../support/api";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { bearer, world } from "../support/world";

// Section 4.6: published agents as MCP tools, driven by the SDK's own client and by the MCP
// inspector's CLI, against the running service and the fixture world.
const endpoint = () => new URL("/api/v1/mcp", world().baseUrl);

async function connect(credential: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(endpoint(), { requestInit: { headers: bearer(credential) } });
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function toolNames(credential: string): Promise<string[]> {
  const client = await connect(credential);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

type TOutput = {
  status: string;
  sessionId: string;
  executionId: string;
  answer?: string;
  approval?: { approvalId: string; toolName: string; consoleUrl: string; approvalRoute: string };
};
const output = (result: CallToolResult) => result.structuredContent as TOutput;
const text = (result: CallToolResult) =>
  result.content.map((item) => (item.type === "text" ? item.text : "")).join("\n");

test.describe("POST /api/v1/mcp", () => {
  test("initialize and ping, with the service's identity", async () => {
    const client = await connect(acme().users.operator.apiKey);
    expect(client.getServerVersion()?.name).toBe("agent-automation-service");
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    await expect(client.ping()).resolves.toEqual({});
    await client.close();
  });

  test("lists the published agents each key owner may run, and nothing else", async () => {
    const owner = await toolNames(acme().users.owner.apiKey);
    expect(owner).toEqual(
      expect.arrayContaining(["echo", "http_reader", "http_writer", "caller_only_reader", "sales_echo"]),
    );
    expect(owner).not.toContain("unpublished_draft");

    const editor = await toolNames(acme().users.editor.apiKey);
    expect(editor).toEqual(expect.arrayContaining(["echo", "http_writer"]));
    expect(editor).not.toContain("sales_echo");

    expect(await toolNames(acme().users.viewer.apiKey)).toEqual([]);
    expect(await toolNames(acme().users.outsider.apiKey)).toEqual([]);

    const globexTools = await toolNames(globex().users.owner.apiKey);
    expect(globexTools).toContain("echo");
    for (const name of ["http_reader", "http_writer", "caller_only_reader", "sales_echo"])
      expect(globexTools).not.toContain(name);
  });

  test("describes each tool's input: a message and an optional sessionId", async () => {
    const client = await connect(acme().users.operator.apiKey);
    const echo = (await client.listTools()).tools.find((tool) => tool.name === "echo")!;
    expect(echo.title).toBe("Echo");
    expect(echo.description!.length).toBeGreaterThan(0);
    expect(echo.inputSchema).toMatchObject({
      type: "object",
      required: ["message"],
      properties: {
        message: { type: "string", minLength: 1, maxLength: 8000 },
        sessionId: { type: "string", format: "uuid" },
      },
    });
    await client.close();
  });

  test("calls echo, continues the session, and the session shows both turns with origin MCP", async ({ request }) => {
    const key = acme().users.operator.apiKey;
    const client = await connect(key);
    const first = uniqueMarker("first");
    const progress: string[] = [];
    const opened = (await client.callTool({ name: "echo", arguments: { message: `Hello ${first}` } }, undefined, {
      onprogress: (item) => void progress.push(item.message ?? ""),
    })) as CallToolResult;
    expect(opened.isError ?? false, text(opened)).toBe(false);
    const { sessionId, executionId, status, answer } = output(opened);
    expect(status).toBe("completed");
    expect(answer).toContain(first);
    expect(text(opened)).toContain(first);
    expect(text(opened)).toContain(sessionId);
    expect(executionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(progress.length).toBeGreaterThan(0);

    const second = uniqueMarker("second");
    const continued = (await client.callTool({
      name: "echo",
      arguments: { message: `And ${second}`, sessionId },
    })) as CallToolResult;
    expect(continued.isError ?? false, text(continued)).toBe(false);
    expect(output(continued)).toMatchObject({ status: "completed", sessionId });
    expect(output(continued).answer).toContain(second);
    expect(output(continued).answer).not.toContain(first);
    expect(output(continued).executionId).not.toBe(executionId);
    await client.close();

    const session = await request.get(`/api/v1/agents/sessions/${sessionId}`, { headers: bearer(key) });
    expect(session.status(), await session.text()).toBe(200);
    const details = JSON.stringify(await session.json());
    expect(details).toContain(first);
    expect(details).toContain(second);
    expect(details).toMatch(/"origin":"(MCP|mcp)"/);
  });

  test("a sessionId of another agent's session is refused as a tool error, not a crash", async () => {
    const client = await connect(acme().users.operator.apiKey);
    const opened = (await client.callTool({ name: "echo", arguments: { message: "open one" } })) as CallToolResult;
    const other = (await client.callTool({
      name: "http_reader",
      arguments: { message: "hijack", sessionId: output(opened).sessionId },
    })) as CallToolResult;
    expect(other.isError).toBe(true);
    expect(text(other)).toMatch(/^NOT_FOUND: /);
    await client.close();
  });

  test("httpWrite suspends for approval: the result names the approval and where to decide", async ({ request }) => {
    const key = acme().users.operator.apiKey;
    const client = await connect(key);
    const marker = uniqueMarker("write");
    const result = (await client.callTool({ name: "http_writer", arguments: { message: marker } })) as CallToolResult;
    await client.close();
    expect(result.isError ?? false, text(result)).toBe(false);
    const { status, sessionId, approval } = output(result);
    expect(status).toBe("suspended");
    expect(approval!.approvalId).toMatch(/^[0-9a-f-]{36}$/);
    expect(approval!.toolName).toBe("service.http.post");
    expect(approval!.consoleUrl).toBe(`${world().baseUrl}/sessions/${sessionId}`);
    expect(approval!.approvalRoute).toBe(`${world().baseUrl}/api/v1/agents/sessions/${sessionId}/turn-approval`);
    expect(text(result)).toContain(approval!.approvalId);
    expect(await receivedRequests(marker)).toEqual([]);

    // The named route decides it; only then does the write reach the target.
    const decided = await request.post(`/api/v1/agents/sessions/${sessionId}/turn-approval`, {
      headers: bearer(key),
      data: { decision: "approved", approvalId: approval!.approvalId },
    });
    expect(decided.status(), await decided.text()).toBe(200);
    await expect.poll(async () => (await receivedRequests(marker)).length, { timeout: 15_000 }).toBe(1);
  });

  test("refuses anything but a valid yk_ key with 401 and a Bearer challenge", async ({ request }) => {
    const userToken = await mintUserToken(request, acme().users.operator);
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    for (const credential of [null, userToken, "garbage", `yk_${"x".repeat(52)}`]) {
      const response = await request.post("/api/v1/mcp", {
        headers: { accept: "application/json, text/event-stream", ...(credential ? bearer(credential) : {}) },
        data: initialize,
      });
      expect(response.status()).toBe(401);
      expect(response.headers()["www-authenticate"]).toMatch(/^Bearer /);
      const body = await response.json();
      expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32001, data: { code: "UNAUTHORIZED" } } });
      expect(body.error.message).toContain("yk_");
      if (credential) {
        const refused = connect(credential);
        await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
        await expect(refused).rejects.toMatchObject({ code: 401 });
      }
    }
  });

  test("GET and DELETE are 405 (stateless)", async ({ request }) => {
    for (const method of ["get", "delete"] as const) {
      const response = await request[method]("/api/v1/mcp", {
        headers: { ...bearer(acme().users.operator.apiKey), accept: "text/event-stream" },
      });
      expect(response.status()).toBe(405);
      expect(response.headers()["allow"]).toBe("POST");
    }
  });
});

test.describe("another MCP client: the MCP inspector CLI", () => {
  const run = promisify(execFile);
  const cli = path.join(process.cwd(), "node_modules", ".bin", "mcp-inspector-cli");
  // The CLI package finds its own package.json only when "../package.json" exists relative to
  // the working directory (inspector-cli 1.0.3 checks the cwd, then imports relative to itself).
  const cwd = path.join(process.cwd(), "e2e");
  const inspect = async (...args: string[]) => {
    const { stdout } = await run(
      cli,
      [
        "--cli",
        endpoint().toString(),
        "--transport",
        "http",
        "--header",
        `Authorization: Bearer ${acme().users.operator.apiKey}`,
        ...args,
      ],
      {
        timeout: 60_000,
        cwd,
      },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  };

  test("initializes, lists the tools and calls echo", async () => {
    const listed = (await inspect("--method", "tools/list")) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo", "http_writer"]));
    expect(listed.tools.map((tool) => tool.name)).not.toContain("sales_echo");

    const marker = uniqueMarker("cli");
    const called = (await inspect(
      "--method",
      "tools/call",
      "--tool-name",
      "echo",
      "--tool-arg",
      `message=${marker}`,
    )) as CallToolResult;
    expect(called.isError ?? false).toBe(false);
    expect(JSON.stringify(called.content)).toContain(marker);
    expect((called.structuredContent as TOutput).sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
