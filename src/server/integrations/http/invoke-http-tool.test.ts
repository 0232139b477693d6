import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_INTEGRATIONS } from "@/server/integrations/built-in";
import { CREDENTIAL_MARKER } from "@/server/integrations/redact-credentials";
import type { TIntegrationDefinition } from "@/server/integrations/types";
import type { THttpTool } from "./http-binding";
import { invokeHttpTool, type TInvokeHttpToolOptions } from "./invoke-http-tool";

const HTTP = BUILT_IN_INTEGRATIONS.find((integration) => integration.id === "service.http")!;

type THandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

async function listen(handler: THandler): Promise<{ server: Server; base: string; hostPort: string }> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, hostPort: `127.0.0.1:${port}` };
}

/** The headers each echo received, as sent (the result shows credentials as the marker). */
const received: IncomingMessage["headers"][] = [];
const sent = () => received.at(-1)!;

const echo = (req: IncomingMessage, res: ServerResponse, body: string) => {
  received.push(req.headers);
  res.setHeader("content-type", "application/json");
  res.setHeader("set-cookie", "session=should-not-leak");
  res.setHeader("x-upstream", "yes");
  res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
};

let main: Awaited<ReturnType<typeof listen>>;
let other: Awaited<ReturnType<typeof listen>>;
let allowedHosts: string[];
let slowAnswers = 0;

beforeAll(async () => {
  other = await listen(echo);
  main = await listen((req, res, body) => {
    const url = new URL(req.url!, "http://x");
    const redirect = (status: number, location: string) => {
      res.statusCode = status;
      res.setHeader("location", location);
      res.end();
    };
    if (url.pathname === "/to-private") return redirect(302, "http://10.0.0.1/admin");
    if (url.pathname === "/to-metadata") return redirect(307, "http://169.254.169.254/latest/meta-data/");
    if (url.pathname === "/loop") return redirect(302, `/loop?n=${Number(url.searchParams.get("n") ?? 0) + 1}`);
    if (url.pathname === "/chain") {
      const left = Number(url.searchParams.get("left"));
      return left > 0 ? redirect(302, `/chain?left=${left - 1}`) : echo(req, res, body);
    }
    if (url.pathname === "/see-other") return redirect(303, "/echo");
    if (url.pathname === "/keep") return redirect(307, "/echo");
    if (url.pathname === "/cross") return redirect(302, `${other.base}/echo`);
    if (url.pathname === "/slow") {
      // Answers after 5 s unless the caller hangs up first (what a timeout must do).
      const answer = setTimeout(() => {
        slowAnswers++;
        echo(req, res, body);
      }, 5_000);
      res.on("close", () => clearTimeout(answer));
      return;
    }
    if (url.pathname === "/big") {
      res.setHeader("content-type", "text/plain");
      return res.end("x".repeat(2 * 1024 * 1024));
    }
    if (url.pathname === "/text") return res.end("plain words");
    if (url.pathname === "/bad-json") {
      res.setHeader("content-type", "application/json");
      return res.end("{not json");
    }
    if (url.pathname === "/status") {
      res.statusCode = 418;
      res.setHeader("content-type", "application/problem+json");
      return res.end(JSON.stringify({ title: "teapot" }));
    }
    echo(req, res, body);
  });
  allowedHosts = [main.hostPort, other.hostPort];
});

afterAll(async () => {
  await Promise.all([main, other].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

const call = (options: Partial<TInvokeHttpToolOptions> & { args: unknown }) =>
  invokeHttpTool({ toolName: "service.http.get", credential: null, integration: HTTP, allowedHosts, ...options });

type TEcho = { method: string; url: string; headers: Record<string, string>; body: string };

describe("invokeHttpTool: requests", () => {
  it("GETs with query and headers and returns status, lower-case headers without set-cookie, parsed JSON", async () => {
    const result = await call({
      args: {
        url: `${main.base}/echo?a=1`,
        query: { b: "two", n: 3 },
        headers: { "X-Trace": "abc", Host: "evil.test" },
      },
    });
    expect(result.status).toBe(200);
    expect(result.truncated).toBe(false);
    expect(result.headers["x-upstream"]).toBe("yes");
    expect(result.headers["set-cookie"]).toBeUndefined();
    const body = result.body as TEcho;
    expect(body.method).toBe("GET");
    expect(body.url).toBe("/echo?a=1&b=two&n=3");
    expect(body.headers["x-trace"]).toBe("abc");
    expect(body.headers.host).toBe(main.hostPort);
  });

  it("POSTs a JSON body", async () => {
    const result = await call({
      toolName: "service.http.post",
      args: { url: `${main.base}/echo`, body: { name: "Ada", tags: ["x"] } },
    });
    const body = result.body as TEcho;
    expect(body.method).toBe("POST");
    expect(body.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(body.body)).toEqual({ name: "Ada", tags: ["x"] });
  });

  it("sends PUT, PATCH and DELETE with their methods", async () => {
    for (const method of ["put", "patch", "delete"]) {
      const result = await call({ toolName: `service.http.${method}`, args: { url: `${main.base}/echo` } });
      expect((result.body as TEcho).method).toBe(method.toUpperCase());
    }
  });

  it("sends the token as a bearer and declared fields as their header; undeclared fields are dropped", async () => {
    const result = await call({
      args: { url: `${main.base}/echo` },
      credential: { token: "tok-123", fields: { api_key: "key-456", password: "never-sent" } },
    });
    const headers = sent();
    expect(headers.authorization).toBe("Bearer tok-123");
    expect(headers["x-api-key"]).toBe("key-456");
    expect(JSON.stringify(headers)).not.toContain("never-sent");
    // The upstream echoed them; the result shows the marker instead (redact-credentials.ts).
    expect((result.body as TEcho).headers).toMatchObject({
      authorization: CREDENTIAL_MARKER,
      "x-api-key": CREDENTIAL_MARKER,
    });
  });

  it("lets the credential override an Authorization header written in the call", async () => {
    const result = await call({
      args: { url: `${main.base}/echo`, headers: { Authorization: "Bearer from-args" } },
      credential: { token: "real" },
    });
    expect(sent().authorization).toBe("Bearer real");
    expect(JSON.stringify(result)).not.toContain("real");
  });

  it("returns text bodies, mislabelled JSON as text, and upstream error statuses as results", async () => {
    expect((await call({ args: { url: `${main.base}/text` } })).body).toBe("plain words");
    expect((await call({ args: { url: `${main.base}/bad-json` } })).body).toBe("{not json");
    const teapot = await call({ args: { url: `${main.base}/status` } });
    expect(teapot).toMatchObject({ status: 418, body: { title: "teapot" } });
  });

  it("caps the body at 1 MiB and flags the truncation", async () => {
    const result = await call({ args: { url: `${main.base}/big` } });
    expect(result.truncated).toBe(true);
    expect((result.body as string).length).toBe(1024 * 1024);
  });

  it("times out: gives up and hangs up before the slow server answers", async () => {
    await expect(call({ args: { url: `${main.base}/slow` }, timeoutMs: 300 })).rejects.toMatchObject({
      code: "UNAVAILABLE",
      details: { reason: "timeout" },
    });
    // Not a measured duration (a loaded machine stretches those): the server never got to answer.
    expect(slowAnswers).toBe(0);
  });

  it("validates the input against the tool's schema", async () => {
    await expect(call({ args: {} })).rejects.toMatchObject({
      code: "VALIDATION",
      message: expect.stringContaining('"url" is required'),
    });
    await expect(call({ args: { url: "/relative" } })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(call({ args: { url: "ftp://example.com/file" } })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(call({ args: { url: `${main.base}/echo`, extra: 1 } })).rejects.toMatchObject({
      message: expect.stringContaining('"extra" is not an input'),
    });
    await expect(call({ args: { url: `${main.base}/echo`, body: {} } })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(call({ args: { url: `${main.base}/echo`, headers: { "x-a": "1\r\nx-b: 2" } } })).rejects.toMatchObject(
      { code: "VALIDATION" },
    );
    await expect(call({ args: { url: "http://user:pass@example.com/" } })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(call({ toolName: "service.http.nope", args: {} })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("invokeHttpTool: redirects", () => {
  it("follows up to 3 redirects and refuses a fourth", async () => {
    expect((await call({ args: { url: `${main.base}/chain?left=3` } })).status).toBe(200);
    await expect(call({ args: { url: `${main.base}/chain?left=4` } })).rejects.toMatchObject({
      code: "VALIDATION",
      details: { reason: "too_many_redirects" },
    });
    await expect(call({ args: { url: `${main.base}/loop` } })).rejects.toThrow(/more than 3 redirects/);
  });

  it("re-checks every hop: a redirect to a private or metadata address is refused", async () => {
    await expect(call({ args: { url: `${main.base}/to-private` } })).rejects.toMatchObject({
      code: "VALIDATION",
      message: expect.stringContaining("10.0.0.1"),
    });
    await expect(call({ args: { url: `${main.base}/to-metadata` } })).rejects.toThrow(/169\.254\.169\.254/);
  });

  it("turns a 303 into a GET without body and keeps method and body on a 307", async () => {
    const seeOther = await call({
      toolName: "service.http.post",
      args: { url: `${main.base}/see-other`, body: { a: 1 } },
    });
    expect(seeOther.body).toMatchObject({ method: "GET", url: "/echo", body: "" });
    const kept = await call({ toolName: "service.http.post", args: { url: `${main.base}/keep`, body: { a: 1 } } });
    expect(kept.body).toMatchObject({ method: "POST", body: '{"a":1}' });
  });

  it("keeps credentials on the same origin and drops them when a redirect leaves it", async () => {
    const credential = { token: "tok", fields: { api_key: "k" } };
    const same = await call({ args: { url: `${main.base}/keep` }, credential });
    expect(sent().authorization).toBe("Bearer tok");
    expect((same.body as TEcho).headers.authorization).toBe(CREDENTIAL_MARKER);
    const cross = await call({ args: { url: `${main.base}/cross` }, credential });
    const { headers } = cross.body as TEcho;
    expect(headers.host).toBe(other.hostPort);
    expect(headers.authorization).toBeUndefined();
    expect(headers["x-api-key"]).toBeUndefined();
  });
});

describe("invokeHttpTool: the address guard", () => {
  it("refuses 127.0.0.1 without an allowlist entry, naming the host", async () => {
    await expect(call({ args: { url: `${main.base}/echo` }, allowedHosts: [] })).rejects.toMatchObject({
      code: "VALIDATION",
      message: expect.stringContaining("127.0.0.1"),
      details: { reason: "refused", host: "127.0.0.1" },
    });
    // The refusal tells a person running the service locally how to let it through.
    const port = new URL(main.base).port;
    await expect(call({ args: { url: `${main.base}/echo` }, allowedHosts: [] })).rejects.toMatchObject({
      message: expect.stringContaining(
        `Refused to call 127.0.0.1: it is a loopback address. Outbound calls may only reach public addresses. To allow this one, an operator adds "127.0.0.1:${port}" to the HTTP_TOOL_ALLOWED_HOSTS setting (comma-separated host or host:port entries) and restarts the service.`,
      ),
      details: { setting: "HTTP_TOOL_ALLOWED_HOSTS", allowEntry: `127.0.0.1:${port}` },
    });
    // An entry for another port does not open this one.
    await expect(call({ args: { url: `${main.base}/echo` }, allowedHosts: ["127.0.0.1:1"] })).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("refuses the metadata address, IPv6 loopback and private ranges", async () => {
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]:8080/",
      "http://10.1.2.3/",
      "http://192.168.0.1/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
      "http://2130706433/",
    ]) {
      await expect(call({ args: { url } })).rejects.toMatchObject({
        code: "VALIDATION",
        details: { reason: "refused" },
      });
    }
  });

  it("refuses a hostname that resolves to loopback (localhost), even with 127.0.0.1 allowed", async () => {
    const port = new URL(main.base).port;
    await expect(call({ args: { url: `http://localhost:${port}/echo` } })).rejects.toMatchObject({
      code: "VALIDATION",
      message: expect.stringMatching(/Refused to call localhost: it resolves to (127\.0\.0\.1|::1)/),
    });
    // The entry it names is the host as written in the URL, which is what the allowlist matches.
    await expect(call({ args: { url: `http://localhost:${port}/echo` } })).rejects.toMatchObject({
      message: expect.stringContaining(`adds "localhost:${port}" to the HTTP_TOOL_ALLOWED_HOSTS setting`),
    });
  });

  it("connects an allowlisted hostname to the addresses it checked (pinned lookup)", async () => {
    const port = new URL(main.base).port;
    const result = await call({ args: { url: `http://localhost:${port}/echo` }, allowedHosts: [`localhost:${port}`] });
    expect((result.body as TEcho).headers.host).toBe(`localhost:${port}`);
  });

  it("reports an unresolvable host as unavailable", async () => {
    await expect(call({ args: { url: "http://does-not-exist.invalid/" } })).rejects.toMatchObject({
      code: "UNAVAILABLE",
      details: { reason: "dns" },
    });
  });
});

describe("invokeHttpTool: custom integration tools", () => {
  const customTool = (http: THttpTool["http"], inputSchema: Record<string, unknown>): THttpTool => ({
    name: "acme.crm.getContact",
    description: "Get a contact",
    isReadonly: http!.method === "GET",
    inputSchema,
    http,
  });

  const crm = (tool: THttpTool): TIntegrationDefinition => ({
    id: "acme.crm",
    name: "CRM",
    description: "",
    builtIn: false,
    credential: { token: true, fields: [{ name: "api_key", description: "", header: "X-Crm-Key" }], prefers: "fields" },
    tools: [tool],
  });

  it("builds the request from the binding: base URL, path parameters, query, body and field header", async () => {
    const tool = customTool(
      {
        method: "PATCH",
        baseUrl: `${main.base}/v1/`,
        path: "/contacts/{id}",
        params: [
          { arg: "id", name: "id", in: "path" },
          { arg: "notify", name: "notify", in: "query" },
        ],
        bodyArg: "body",
      },
      {
        type: "object",
        properties: { id: { type: "string" }, notify: { type: "boolean" }, body: { type: "object" } },
        required: ["id"],
        additionalProperties: false,
      },
    );
    const result = await invokeHttpTool({
      toolName: tool.name,
      integration: crm(tool),
      args: { id: "a b/c", notify: true, body: { email: "ada@example.com" } },
      credential: { fields: { api_key: "crm-secret", other: "dropped" } },
      allowedHosts,
    });
    const body = result.body as TEcho;
    expect(body).toMatchObject({ method: "PATCH", url: "/v1/contacts/a%20b%2Fc?notify=true" });
    expect(sent()["x-crm-key"]).toBe("crm-secret");
    expect(body.headers["x-crm-key"]).toBe(CREDENTIAL_MARKER);
    expect(body.headers.authorization).toBeUndefined();
    expect(JSON.parse(body.body)).toEqual({ email: "ada@example.com" });
    await expect(
      invokeHttpTool({
        toolName: tool.name,
        integration: crm(tool),
        args: { notify: "yes" },
        credential: null,
        allowedHosts,
      }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("passes the same guard as service.http", async () => {
    const tool = customTool(
      { method: "GET", baseUrl: "http://169.254.169.254", path: "/latest", params: [], bodyArg: null },
      { type: "object", properties: {} },
    );
    await expect(
      invokeHttpTool({ toolName: tool.name, integration: crm(tool), args: {}, credential: null, allowedHosts }),
    ).rejects.toMatchObject({
      details: { reason: "refused" },
    });
  });
});
