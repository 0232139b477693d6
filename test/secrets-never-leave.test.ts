import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../src/server/db/client";
import { env } from "../src/server/env";
import { recordAssistantEvent } from "../src/server/services/assistant/events/record-assistant-event";
import { createConnection } from "../src/server/services/connections/create-connection";
import { GET as streamGET } from "../src/server/http/session-stream-route";
import { agentsWorld, api, type TAgentsWorld, type TApiResponse } from "./agents-kit";
import { assistantWorld } from "./assistant-kit";
import { partnerPlatform, partnerRequest, seedFollower } from "./partner-kit";
import { partnerApi } from "./provisioning-kit";
import { eventsOf, publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "./sessions-kit";
import { readFrames } from "./stream-kit";
import { startWebhookReceiver } from "./webhook-receiver";

// "Secrets never leave" (issue 14): real flows through the route handlers, the queue, the
// workers and real HTTP receivers, with every line the process writes (debug logs included)
// captured. Every secret must reach where it belongs (the positive controls) and appear
// nowhere else: not in logs, session events (the log and the stream), run history, webhook
// delivery records, nor any response other than the one that mints it.

const HTTP = "service.http";
let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
const output: string[] = [];
const responses: string[] = [];
const restore: Array<() => void> = [];

const secrets = {
  callerToken: `caller-token-${crypto.randomUUID()}`,
  freshCallerToken: `fresh-caller-${crypto.randomUUID()}`,
  callerField: `caller-field-${crypto.randomUUID()}`,
  connectionToken: `org-connection-${crypto.randomUUID()}`,
  webhookSecret: `whsec_${crypto.randomUUID().replaceAll("-", "")}`,
};

/** Everything the process writes goes to `output` too (the lines still reach the terminal). */
function capture(stream: NodeJS.WriteStream) {
  const original = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    output.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
  restore.push(() => (stream.write = original as typeof stream.write));
}

const keep = (response: TApiResponse) => {
  responses.push(
    JSON.stringify({ status: response.status, headers: [...response.headers.entries()], body: response.body }),
  );
  return response;
};

beforeAll(async () => {
  capture(process.stderr);
  capture(process.stdout);
  env.LOG_LEVEL = "debug";
  receiver = await startReceiver();
  hooks = await startWebhookReceiver(() => secrets.webhookSecret);
  env.HTTP_TOOL_ALLOWED_HOSTS = `${receiver.hostPort},${hooks.hostPort}`;
  world = await agentsWorld();
  await startEngine();
});

afterAll(async () => {
  env.LOG_LEVEL = "warn";
  for (const undo of restore.splice(0)) undo();
  await stopEngine();
  await receiver.close();
  await hooks.close();
});

const json = (value: unknown) =>
  JSON.stringify(value, (_, item: unknown) => (typeof item === "bigint" ? item.toString() : item));
const line = (tool: string, args: unknown) => `#${tool} ${JSON.stringify(args)}`;

/** Every row and answer a person, a client or an operator could read about a session. */
async function sessionRecord(sessionId: string): Promise<string> {
  const details = keep(await api("GET", `/agents/sessions/${sessionId}`, { credential: world.people.owner.key }));
  const stream = await streamGET(
    new Request(`http://127.0.0.1/api/v1/agents/sessions/${sessionId}/stream`, {
      headers: { authorization: `Bearer ${world.people.owner.key}`, "last-event-id": "0" },
    }),
    {
      params: Promise.resolve({ sessionId }),
    },
  );
  const frames = await readFrames(stream.body!, (text) => text.includes("event: snapshot"), 5_000);
  const rows = await Promise.all([
    eventsOf(sessionId),
    db().agentSession.findUnique({ where: { id: sessionId } }),
    db().turn.findMany({ where: { sessionId } }),
    db().toolCall.findMany({ where: { sessionId } }),
    db().sessionMessage.findMany({ where: { sessionId } }),
    db().approval.findMany({ where: { sessionId } }),
  ]);
  return json([details.body, frames, rows]);
}

describe("secrets never leave", () => {
  it("keys, caller material, connection tokens and webhook secrets appear only where they belong", async () => {
    const owner = world.people.owner;
    const operator = world.people.operator;
    await createConnection(owner.actor, {
      domainId: world.acme.ops,
      integrationId: HTTP,
      name: "HTTP",
      token: secrets.connectionToken,
    });
    const policy = { bindingPolicies: { [HTTP]: "caller_preferred" as const } };
    const reader = await publishAgent(
      owner.actor,
      world.acme.ops,
      { model: "builtin:procedure", procedure: line("service.http.get", { url: `${receiver.base}/read` }) },
      policy,
    );
    const writer = await publishAgent(
      owner.actor,
      world.acme.ops,
      {
        model: "builtin:procedure",
        procedure: line("service.http.post", { url: `${receiver.base}/write`, body: { note: "{{message}}" } }),
        approvalTools: ["service.http.post"],
      },
      policy,
    );
    const service = await publishAgent(owner.actor, world.acme.ops, {
      model: "builtin:procedure",
      procedure: line("service.http.get", { url: `${receiver.base}/service` }),
    });

    // A turn on caller material (token and a field), one on the organization's connection, and
    // an approval answered with fresh caller material.
    const read = keep(
      await api("POST", `/agents/${reader}/sessions`, {
        credential: operator.key,
        body: {
          message: "hello",
          callerCredentials: {
            integrations: { [HTTP]: { token: secrets.callerToken, fields: { api_key: secrets.callerField } } },
          },
        },
      }),
    );
    expect(read.status).toBe(202);
    const viaConnection = keep(
      await api("POST", `/agents/${service}/sessions`, { credential: operator.key, body: { message: "service" } }),
    );
    const write = keep(
      await api("POST", `/agents/${writer}/sessions`, {
        credential: operator.key,
        body: {
          message: "needs approval",
          callerCredentials: { integrations: { [HTTP]: { token: secrets.callerToken } } },
        },
      }),
    );
    await waitForTurn(write.body.executionId, ["SUSPENDED"]);
    keep(
      await api("POST", `/agents/sessions/${write.body.sessionId}/turn-approval`, {
        credential: operator.key,
        body: {
          decision: "approved",
          callerCredentials: { integrations: { [HTTP]: { token: secrets.freshCallerToken } } },
        },
      }),
    );
    for (const opened of [read, viaConnection, write])
      expect((await waitForTurn(opened.body.executionId)).status).toBe("COMPLETED");

    // The yku_ token on the authoring routes; a mistyped key and token, refused.
    expect(keep(await api("GET", "/auth/whoami", { credential: owner.token })).status).toBe(200);
    const mistypedKey = `${operator.key.slice(0, -2)}zz`;
    const mistypedToken = `${owner.token.slice(0, -2)}zz`;
    expect(keep(await api("GET", "/auth/whoami", { credential: mistypedKey })).status).toBeGreaterThanOrEqual(400);
    expect(keep(await api("GET", "/auth/whoami", { credential: mistypedToken })).status).toBeGreaterThanOrEqual(400);
    expect(keep(await api("GET", `/agents/sessions/${read.body.sessionId}`, { credential: mistypedKey })).status).toBe(
      404,
    );

    // A partner (ykp_) configures an assistant webhook with its secret; an event is delivered signed.
    const partner = await partnerPlatform();
    const customer = await seedFollower(partner.platform.id);
    const configured = keep(
      await partnerApi("PUT", `/organizations/${customer.organization.id}/assistant-config`, {
        key: partner.key,
        body: { webhook: { url: hooks.url, secret: secrets.webhookSecret } },
      }),
    );
    expect(configured.status).toBe(200);
    keep(await partnerApi("GET", `/organizations/${customer.organization.id}/assistant-config`, { key: partner.key }));
    keep(
      await partnerApi("GET", `/organizations/${customer.organization.id}/assistant-config`, {
        key: `${partner.key.slice(0, -2)}zz`,
      }),
    );
    await db().$transaction((tx) =>
      recordAssistantEvent(tx, {
        organizationId: customer.organization.id,
        workerId: null,
        type: "usage.recorded",
        data: { usage_id: crypto.randomUUID(), at: new Date().toISOString(), cost_usd: 0.01, tokens: 12 },
      }),
    );
    await expect.poll(() => hooks.hits.length, { timeout: 15_000 }).toBeGreaterThan(0);

    // Positive controls: each secret reached its destination, so its absence elsewhere means something.
    const sent = JSON.stringify(receiver.requests.map((request) => request.headers));
    for (const value of [secrets.callerToken, secrets.callerField, secrets.freshCallerToken, secrets.connectionToken])
      expect(sent).toContain(value);
    expect(hooks.hits.every((hit) => hit.verified)).toBe(true);

    const places = {
      logs: output.join(""),
      responses: responses.join("\n"),
      sessions: (
        await Promise.all([read, viaConnection, write].map((opened) => sessionRecord(opened.body.sessionId)))
      ).join("\n"),
      webhooks: json(
        await db().webhookDelivery.findMany({
          where: { organizationId: customer.organization.id },
          include: { attempts: true, event: true },
        }),
      ),
      assistantConfigAnswer: JSON.stringify(configured.body),
    };
    // The capture saw the debug lines of the tool calls (host and status, never credentials).
    expect(places.logs).toContain("http tool call");
    const everySecret = {
      ...secrets,
      operatorKey: operator.key,
      ownerKey: owner.key,
      ownerToken: owner.token,
      partnerKey: partner.key,
      mistypedKey,
      mistypedToken,
    };
    for (const [where, text] of Object.entries(places)) {
      for (const [name, value] of Object.entries(everySecret)) {
        expect(text.includes(value), `${name} appears in ${where}`).toBe(false);
      }
    }
  });

  it("ykt_ leases and a customer's OAuth client secret appear only in the answer that mints or sets them", async () => {
    const world = await assistantWorld();
    const clientSecret = `oauth-client-secret-${crypto.randomUUID()}`;
    const subject = `admin-${crypto.randomUUID().slice(0, 8)}`;
    const vouched = keep(
      await world.call("POST", "/workers", {
        body: {
          partnerSubject: subject,
          displayName: "Ann Admin",
          domainRoles: [{ domainId: world.customer.domain.id, role: "owner" }],
          organizationRole: "admin",
        },
      }),
    );
    expect(vouched.status).toBe(201);

    // Minting answers carry their token by design; they are not kept with the other answers.
    const mint = (body: Record<string, unknown>) =>
      partnerRequest("POST", body.partnerSubject ? "/worker-token" : "/token", { credential: world.partner.key, body });
    const appLease = await mint({ orgId: world.orgId, appId: world.partner.appId });
    const workerLease = await mint({ orgId: world.orgId, appId: world.partner.appId, partnerSubject: subject });
    expect([appLease.status, workerLease.status]).toEqual([200, 200]);
    const leases = { appLease: appLease.body.token as string, workerLease: workerLease.body.token as string };
    const mistypedLease = `${leases.workerLease.slice(0, -2)}zz`;
    expect(keep(await partnerRequest("GET", "/worker/approvals", { credential: leases.workerLease })).status).toBe(200);
    expect(keep(await partnerRequest("GET", "/worker/approvals", { credential: mistypedLease })).status).toBe(401);

    // The customer's own OAuth client: the secret is write-only (the answer shows a hint).
    const headers = { "X-Service-Subject": subject };
    const put = keep(
      await world.call("PUT", "/oauth-apps", {
        headers,
        body: { appId: "google", values: { clientId: "customer-client", clientSecret } },
      }),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(keep(await world.call("GET", "/oauth-apps", { headers })).status).toBe(200);

    const places = {
      logs: output.join(""),
      responses: responses.join("\n"),
      leaseRows: json(await db().leaseToken.findMany({ where: { organizationId: world.orgId } })),
      oauthAppRows: json(await db().organizationOAuthApp.findMany({ where: { organizationId: world.orgId } })),
    };
    expect(places.leaseRows).not.toBe("[]");
    expect(places.oauthAppRows).not.toBe("[]");
    for (const [where, text] of Object.entries(places)) {
      for (const [name, value] of Object.entries({ ...leases, mistypedLease, clientSecret })) {
        expect(text.includes(value), `${name} appears in ${where}`).toBe(false);
      }
    }
  });
});
