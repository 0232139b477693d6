import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import {
  eventsOf,
  publishAgent,
  startEngine,
  startReceiver,
  stopEngine,
  waitForTurn,
} from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";

// Section 5 through the real runtime (API, queue, workers, turn loop) and real HTTP servers on
// loopback. Complements src/server/engine/turn-runner.test.ts (caller token sent, caller_required
// refusal, user routing, replacement on approval) with the rules it does not reach.

const HTTP = "service.http";
const orgToken = `org-${crypto.randomUUID()}`;

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let refusing: { base: string; hostPort: string; authorizations: Array<string | undefined>; close: () => Promise<void> };
const agents = {} as Record<"read" | "write" | "rejected", string>;

const line = (tool: string, args: unknown) => `#${tool} ${JSON.stringify(args)}`;
const marker = () => `m${crypto.randomUUID().slice(0, 12)}`;

/** An upstream that rejects every credential with 401 and records what it was sent. */
async function startRefusingUpstream() {
  const authorizations: Array<string | undefined> = [];
  const server = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    req.resume();
    res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid token" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  refusing = await startRefusingUpstream();
  env.HTTP_TOOL_ALLOWED_HOSTS = `${receiver.hostPort},${refusing.hostPort}`;
  await startEngine();
  const owner = world.people.owner.actor;
  await createConnection(owner, { domainId: world.acme.ops, integrationId: HTTP, name: "HTTP", token: orgToken });
  const callerPreferred = { bindingPolicies: { [HTTP]: "caller_preferred" as const } };
  agents.read = await publishAgent(
    owner,
    world.acme.ops,
    {
      model: "builtin:procedure",
      procedure: line("service.http.get", { url: `${receiver.base}/read`, query: { message: "{{message}}" } }),
    },
    callerPreferred,
  );
  agents.write = await publishAgent(
    owner,
    world.acme.ops,
    {
      model: "builtin:procedure",
      procedure: line("service.http.post", { url: `${receiver.base}/write`, body: { message: "{{message}}" } }),
      approvalTools: ["service.http.post"],
    },
    callerPreferred,
  );
  agents.rejected = await publishAgent(
    owner,
    world.acme.ops,
    { model: "builtin:procedure", procedure: line("service.http.get", { url: `${refusing.base}/read` }) },
    callerPreferred,
  );
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
  await refusing.close();
});

const open = async (
  automationId: string,
  message: string,
  callerCredentials?: unknown,
  key = world.people.operator.key,
) => {
  const response = await api("POST", `/agents/${automationId}/sessions`, {
    credential: key,
    body: { message, ...(callerCredentials ? { callerCredentials } : {}) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body as { sessionId: string; executionId: string };
};
const toolCallsOf = (turnId: string) => db().toolCall.findMany({ where: { turnId }, orderBy: { index: "asc" } });
const grantCount = (turnId: string) => db().callerGrant.count({ where: { turnId } });

/** Everything the service recorded about a session that a person, a client or a log reader could see. */
async function history(sessionId: string) {
  const details = await api("GET", `/agents/sessions/${sessionId}`, { credential: world.people.owner.key });
  const rows = await Promise.all([
    eventsOf(sessionId),
    db().turn.findMany({ where: { sessionId } }),
    db().toolCall.findMany({ where: { sessionId } }),
    db().sessionMessage.findMany({ where: { sessionId } }),
    db().approval.findMany({ where: { sessionId } }),
  ]);
  return JSON.stringify([details.body, rows], (_, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}

describe("caller credential resolution in a running turn", () => {
  it("fallbackAllowed:false without material fails the call with CALLER_CREDENTIALS_REQUIRED; nothing is sent", async () => {
    const m = marker();
    const { sessionId, executionId } = await open(agents.read, m, {
      integrations: { [HTTP]: { fallbackAllowed: false } },
    });
    await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    expect(receiver.withMarker(m)).toHaveLength(0);
    const [call] = await toolCallsOf(executionId);
    expect(call).toMatchObject({ status: "FAILED", errorCode: "CALLER_CREDENTIALS_REQUIRED", identity: null });
    expect(call?.errorMessage).toMatch(/fallbackAllowed: false/);
    const events = await eventsOf(sessionId);
    const failed = events.find((event) => event.type === "caller_credential.failed");
    expect(failed?.data).toMatchObject({ integrationId: HTTP, code: "CALLER_CREDENTIALS_REQUIRED" });
    // The refusal is told between the call's start and its end.
    const ofTheCall = events
      .filter((event) => event.type.startsWith("tool_call.") || event.type === "caller_credential.failed")
      .map((event) => event.type);
    expect(ofTheCall).toEqual(["tool_call.started", "caller_credential.failed", "tool_call.finished"]);
    expect(await grantCount(executionId)).toBe(0);
  });

  it("sends the token and declared fields only to their integration; undeclared names and other integrations' material never leave", async () => {
    const m = marker();
    const token = `caller-${crypto.randomUUID()}`;
    const apiKey = `key-${crypto.randomUUID()}`;
    const undeclared = `undeclared-${crypto.randomUUID()}`;
    const foreign = `foreign-${crypto.randomUUID()}`;
    const { sessionId, executionId } = await open(agents.read, m, {
      integrations: {
        [HTTP]: { token, fields: { api_key: apiKey, client_secret: undeclared } },
        "acme.crm": { token: foreign, fields: { api_key: foreign } },
      },
    });
    await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    const [sent] = receiver.withMarker(m);
    expect(sent?.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent?.headers["x-api-key"]).toBe(apiKey);
    const wire = JSON.stringify(sent?.headers) + sent?.body;
    expect(wire).not.toContain(undeclared);
    expect(wire).not.toContain("client_secret");
    expect(wire).not.toContain(foreign);
    expect(wire).not.toContain(world.people.operator.key);
    expect((await toolCallsOf(executionId))[0]?.identity).toBe("caller");
    const recorded = await history(sessionId);
    for (const secret of [token, apiKey, undeclared, foreign]) expect(recorded).not.toContain(secret);
    expect(await grantCount(executionId)).toBe(0);
  });

  it("uses the organization's connection when the only material is keyed to another integration", async () => {
    const m = marker();
    const foreign = `foreign-${crypto.randomUUID()}`;
    const { executionId } = await open(agents.read, m, {
      integrations: { "acme.crm": { token: foreign }, [HTTP]: {} },
    });
    await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    expect(receiver.withMarker(m)[0]?.headers.authorization).toBe(`Bearer ${orgToken}`);
    expect((await toolCallsOf(executionId))[0]?.identity).toBe("service");
  });

  it("an upstream 401 of caller material is an ordinary result: exactly one request, no retry with the organization's credential", async () => {
    const token = `caller-${crypto.randomUUID()}`;
    const before = refusing.authorizations.length;
    const { executionId } = await open(agents.rejected, marker(), { integrations: { [HTTP]: { token } } });
    await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    expect(refusing.authorizations.slice(before)).toEqual([`Bearer ${token}`]);
    const [call] = await toolCallsOf(executionId);
    expect(call).toMatchObject({ status: "SUCCEEDED", identity: "caller" });
    expect((call?.result as { status?: number }).status).toBe(401);
  });
});

describe("caller grants across an approval wait", () => {
  const suspended = async (callerCredentials?: unknown) => {
    const m = marker();
    const opened = await open(agents.write, m, callerCredentials);
    await waitForTurn(opened.executionId, ["SUSPENDED"]);
    return { ...opened, m };
  };
  const decide = (sessionId: string, body: Record<string, unknown>, key = world.people.operator.key) =>
    api("POST", `/agents/sessions/${sessionId}/turn-approval`, { credential: key, body });

  it("keeps the grant sealed while parked and fails with CALLER_CREDENTIAL_EXPIRED when it expired meanwhile, never falling back", async () => {
    const token = `caller-${crypto.randomUUID()}`;
    const { sessionId, executionId, m } = await suspended({ integrations: { [HTTP]: { token } } });
    const parked = await db().callerGrant.findUniqueOrThrow({ where: { turnId: executionId } });
    expect(parked.sealed).not.toContain(token);
    expect(parked.suppliedById).toBe(world.people.operator.actor.userId);
    await db().callerGrant.update({ where: { turnId: executionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await decide(sessionId, { decision: "approved" })).status).toBe(200);
    await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    expect(receiver.withMarker(m)).toHaveLength(0);
    const [call] = await toolCallsOf(executionId);
    expect(call).toMatchObject({ status: "FAILED", errorCode: "CALLER_CREDENTIAL_EXPIRED", identity: null });
    const failed = (await eventsOf(sessionId)).find((event) => event.type === "caller_credential.failed");
    expect(failed?.data).toMatchObject({ integrationId: HTTP, code: "CALLER_CREDENTIAL_EXPIRED" });
    expect(await grantCount(executionId)).toBe(0);
    expect(await history(sessionId)).not.toContain(token);
  });

  it("fresh material on approval also revives an expired grant", async () => {
    const fresh = `fresh-${crypto.randomUUID()}`;
    const { sessionId, executionId, m } = await suspended({
      integrations: { [HTTP]: { token: `old-${crypto.randomUUID()}` } },
    });
    await db().callerGrant.update({ where: { turnId: executionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(
      (
        await decide(sessionId, {
          decision: "approved",
          callerCredentials: { integrations: { [HTTP]: { token: fresh } } },
        })
      ).status,
    ).toBe(200);
    await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    expect(receiver.withMarker(m)[0]?.headers.authorization).toBe(`Bearer ${fresh}`);
  });

  it("deletes the grant when a rejected turn settles", async () => {
    const { sessionId, executionId } = await suspended({
      integrations: { [HTTP]: { token: `caller-${crypto.randomUUID()}` } },
    });
    expect(await grantCount(executionId)).toBe(1);
    expect((await decide(sessionId, { decision: "rejected" })).status).toBe(200);
    await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    expect(await grantCount(executionId)).toBe(0);
  });
});
