import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../src/server/db/client";
import { env } from "../src/server/env";
import { GET as streamGET } from "../src/server/http/session-stream-route";
import { CREDENTIAL_MARKER } from "../src/server/integrations/redact-credentials";
import { procedureModel } from "../src/server/models/builtin/procedure-model";
import type { TModelRequest } from "../src/server/models/types";
import { createConnection } from "../src/server/services/connections/create-connection";
import { agentsWorld, api, type TAgentsWorld } from "./agents-kit";
import { eventsOf, publishAgent, startEngine, stopEngine, waitForTurn } from "./sessions-kit";
import { readFrames } from "./stream-kit";

// Credentials echoed by an upstream (docs/security.md): an httpbin-like upstream answers with
// every request header, the query and the decoded basic-auth pair in its JSON body (and the
// Authorization header in a response header). Whatever credential a call used must not come
// back: not in the stored tool call, the session events, GET session, the stream, nor the
// model's next request. Real turns through the route handlers, the queue and the workers.

const HTTP = "service.http";
const id = () => crypto.randomUUID().replaceAll("-", "");
const secrets = {
  connectionToken: `conn-token-${id()}`,
  connectionKey: `conn-key-${id()}`,
  callerToken: `caller-token-${id()}`,
  callerKey: `caller-key-${id()}`,
};
/** Written by the agent's own procedure (so present in the call's arguments, never in results). */
const argSecrets = {
  headerKey: `hdr-key-${id()}`,
  queryKey: `qry-key-${id()}`,
  basicPassword: `pw-${id()}`,
};
const basicPair = `ada:${argSecrets.basicPassword}`;
const basicB64 = Buffer.from(basicPair).toString("base64");

let world: TAgentsWorld;
let upstream: { base: string; close: () => Promise<void>; received: IncomingMessage["headers"][]; urls: string[] };
/** The messages of every model request (what the model reads: history and tool results). */
const modelRequests: Array<Pick<TModelRequest, "messages">> = [];

async function echoUpstream() {
  const received: IncomingMessage["headers"][] = [];
  const urls: string[] = [];
  const server = createServer((req, res) => {
    received.push(req.headers);
    urls.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://upstream");
    const auth = req.headers.authorization ?? "";
    const basic = auth.startsWith("Basic ") ? Buffer.from(auth.slice(6), "base64").toString("utf8") : null;
    res.writeHead(200, { "content-type": "application/json", "x-echo-authorization": auth });
    res.end(
      JSON.stringify({
        url: req.url,
        args: Object.fromEntries(url.searchParams),
        headers: req.headers,
        note: `you sent ${auth} and ${String(req.headers["x-api-key"] ?? "")}`,
        ...(basic ? { user: basic.split(":")[0], password: basic.split(":").slice(1).join(":"), basic } : {}),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    received,
    urls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  const started = await echoUpstream();
  upstream = started;
  env.HTTP_TOOL_ALLOWED_HOSTS = started.hostPort;
  // The model's requests as the turn loop sends them (the builtin model still answers).
  const generate = procedureModel.generate.bind(procedureModel);
  vi.spyOn(procedureModel, "generate").mockImplementation(async (request) => {
    modelRequests.push({ messages: JSON.parse(JSON.stringify(request.messages)) });
    return generate(request);
  });
  world = await agentsWorld();
  await startEngine();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await stopEngine();
  await upstream.close();
});

const json = (value: unknown) =>
  JSON.stringify(value, (_, item: unknown) => (typeof item === "bigint" ? item.toString() : item));
const line = (tool: string, args: unknown) => `#${tool} ${JSON.stringify(args)}`;

/**
 * What a person, a client or the model can read about a session. `args` is the tool call rows'
 * arguments column alone: the model wrote those, so a key spelled in the procedure is there.
 */
async function sessionRecord(sessionId: string) {
  const details = await api("GET", `/agents/sessions/${sessionId}`, { credential: world.people.owner.key });
  expect(details.status).toBe(200);
  const stream = await streamGET(
    new Request(`http://127.0.0.1/api/v1/agents/sessions/${sessionId}/stream`, {
      headers: { authorization: `Bearer ${world.people.owner.key}`, "last-event-id": "0" },
    }),
    { params: Promise.resolve({ sessionId }) },
  );
  const frames = await readFrames(stream.body!, (text) => text.includes("event: snapshot"), 5_000);
  const calls = await db().toolCall.findMany({ where: { sessionId } });
  const rows = await Promise.all([
    eventsOf(sessionId),
    db().turn.findMany({ where: { sessionId } }),
    db().sessionMessage.findMany({ where: { sessionId } }),
  ]);
  return {
    calls,
    shown: json([details.body, frames, rows, calls.map(({ args: _args, ...call }) => call)]),
  };
}

/** The tool results the model was given on its next request (role "tool" messages). */
const toolMessages = () =>
  json(modelRequests.flatMap((request) => request.messages.filter((message) => message.role === "tool")));

describe("credentials echoed by an upstream", () => {
  it("never reach the tool call, the events, GET session, the stream or the model", async () => {
    const owner = world.people.owner;
    // ops: the organization's connection (a bearer token and the X-API-Key field, vault-sealed).
    await createConnection(owner.actor, {
      domainId: world.acme.ops,
      integrationId: HTTP,
      name: "HTTP",
      token: secrets.connectionToken,
      fields: { api_key: secrets.connectionKey },
    });
    const echo = `${upstream.base}/anything`;
    const withKeys = line("service.http.get", {
      url: echo,
      query: { api_key: argSecrets.queryKey, q: "{{message}}" },
      headers: { "X-Auth-Token": argSecrets.headerKey },
    });
    const service = await publishAgent(owner.actor, world.acme.ops, {
      model: "builtin:procedure",
      procedure: withKeys,
    });
    const caller = await publishAgent(
      owner.actor,
      world.acme.ops,
      { model: "builtin:procedure", procedure: line("service.http.get", { url: echo }) },
      { bindingPolicies: { [HTTP]: "caller_preferred" as const } },
    );
    // sales has no connection: the procedure's own Basic header reaches the upstream.
    const basic = await publishAgent(owner.actor, world.acme.sales, {
      model: "builtin:procedure",
      procedure: line("service.http.get", { url: echo, headers: { Authorization: `Basic ${basicB64}` } }),
    });

    const open = async (agentId: string, body: Record<string, unknown>) => {
      const opened = await api("POST", `/agents/${agentId}/sessions`, { credential: owner.key, body });
      expect(opened.status, JSON.stringify(opened.body)).toBe(202);
      expect((await waitForTurn(opened.body.executionId)).status).toBe("COMPLETED");
      return opened.body.sessionId as string;
    };
    const sessions = [
      await open(service, { message: "shoes" }),
      await open(caller, {
        message: "mine",
        callerCredentials: {
          integrations: { [HTTP]: { token: secrets.callerToken, fields: { api_key: secrets.callerKey } } },
        },
      }),
      await open(basic, { message: "basic" }),
    ];

    // Positive controls: every value reached the upstream, and it echoed them.
    const sent = json([upstream.received, upstream.urls]);
    for (const value of [...Object.values(secrets), argSecrets.headerKey, argSecrets.queryKey, basicB64])
      expect(sent, value).toContain(value);

    const records = await Promise.all(sessions.map(sessionRecord));
    const shown = records.map((record) => record.shown).join("\n");
    const stored = json(records.map((record) => record.calls));
    const model = json(modelRequests);
    const results = toolMessages();
    // The results are there (and show the marker where the echo held a credential).
    expect(results).toContain(CREDENTIAL_MARKER);
    expect(shown).toContain(CREDENTIAL_MARKER);
    expect(results).toContain('"q":"shoes"');
    expect(modelRequests.length).toBeGreaterThanOrEqual(6);

    // Vault and caller material: nowhere at all, arguments included.
    for (const [name, value] of Object.entries(secrets)) {
      expect(stored.includes(value), `${name} in the stored tool calls`).toBe(false);
      expect(shown.includes(value), `${name} in events, GET session or the stream`).toBe(false);
      expect(model.includes(value), `${name} in a model request`).toBe(false);
    }
    // Keys the procedure spelled: in the call's own arguments only, never in a result.
    const argForms = { ...argSecrets, basicPair, basicB64 };
    for (const [name, value] of Object.entries(argForms)) {
      expect(shown.includes(value), `${name} in events, GET session, the stream or the result row`).toBe(false);
      expect(results.includes(value), `${name} in a tool result given to the model`).toBe(false);
    }
    const resultRows = json(records.flatMap((record) => record.calls.map((call) => [call.result, call.errorMessage])));
    for (const value of [...Object.values(secrets), ...Object.values(argForms)])
      expect(resultRows.includes(value), value).toBe(false);
  });
});
