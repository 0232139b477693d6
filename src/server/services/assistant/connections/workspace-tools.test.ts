import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { allowHost, startActionsReceiver, type TActionsReceiver } from "../../../../../test/assistant-actions-kit";
import { assistantWorld, partnerCall } from "../../../../../test/assistant-kit";
import { connectWorker, startOAuthProvider } from "../../../../../test/oauth-kit";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";

// The mail and calendar tools (spec 4.8) on the real engine: they act with the worker's own
// connection (a real OAuth provider issued it), through the worker's policy, against a local
// stand-in of the provider's API (the generic preset) that records every request.

const RETURN = "https://app.example/oauth/done";
let oauth: Awaited<ReturnType<typeof startOAuthProvider>>;
let api: TActionsReceiver;
let world: Awaited<ReturnType<typeof assistantWorld>>;

beforeAll(async () => {
  api = await startActionsReceiver();
  allowHost(api.hostPort);
  oauth = await startOAuthProvider({ apiBaseUrl: `${api.base}/v1` });
  await startEngine();
  world = await assistantWorld({ configure: false });
  const procedure =
    "Act for the user: #service.mail.send #service.mail.read #service.calendar.write #service.calendar.accept";
  const agentId = await publishAgent(world.owner.actor, world.customer.domain.id, {
    model: "builtin:assistant",
    procedure,
  });
  await db().assistantConfig.create({
    data: {
      organizationId: world.orgId,
      assistantAutomationId: agentId,
      webhookUrl: "https://hooks.example/assistant",
    },
  });
  expect(
    (await partnerCall("PUT", "/platform/oauth-return-urls", { key: world.partner.key, body: { urls: [RETURN] } }))
      .status,
  ).toBe(200);
});

afterAll(async () => {
  await stopEngine();
  await oauth.stop();
  await api.close();
});

beforeEach(() => oauth.reset());

const line = (tool: string, args: Record<string, unknown>) => `#${tool} ${JSON.stringify(args)}`;

async function say(workerRef: string, text: string) {
  const posted = await world.call("POST", `/workers/${workerRef}/messages`, { body: { body: text } });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  const { turnId } = await db().sessionMessage.findUniqueOrThrow({
    where: { id: posted.body.id },
    select: { turnId: true },
  });
  expect(await waitForTurn(turnId!, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
  return db().assistantAction.findFirst({
    where: { turnId: turnId! },
    select: { id: true, state: true, resultCode: true },
  });
}

async function allowingWorker() {
  const { workerRef } = await world.createWorker();
  expect(
    (
      await world.call("PUT", `/workers/${workerRef}/policy`, {
        body: { rules: [{ action: "*", mode: "allow" }], approval_ttl: "P1D" },
      })
    ).status,
  ).toBe(204);
  return workerRef;
}

describe("mail and calendar tools", () => {
  it("send mail with the worker's own access token, as an email.send action the policy allows", async () => {
    const workerRef = await allowingWorker();
    await connectWorker(world.call, workerRef, RETURN);
    const subject = `Hi ${crypto.randomUUID()}`;
    const action = await say(workerRef, line("service.mail.send", { to: ["ann@example.com"], subject, body: "Hello" }));
    expect(action).toMatchObject({ state: "DONE" });
    const [sent] = api.requests.filter((request) => request.path === "/v1/mail/send" && request.body.includes(subject));
    expect(sent!.json).toEqual({ to: ["ann@example.com"], cc: [], subject, body: "Hello" });
    expect(sent!.headers.authorization).toMatch(/^Bearer .{20,}/);
    const stored = await db().workerConnection.findFirstOrThrow({
      where: { workerId: workerRef, provider: "mail" },
      select: { accessToken: true },
    });
    expect(stored.accessToken).not.toContain((sent!.headers.authorization as string).slice(7));
  });

  it("waits for approval like any action: approve runs the send", async () => {
    const { workerRef } = await world.createWorker();
    await connectWorker(world.call, workerRef, RETURN);
    const subject = `Draft ${crypto.randomUUID()}`;
    const action = await say(workerRef, line("service.mail.send", { to: ["bob@example.com"], subject, body: "Draft" }));
    expect(action).toMatchObject({ state: "PENDING" });
    expect(api.requests.some((request) => request.body.includes(subject))).toBe(false);
    const [approval] = (await world.call("GET", `/workers/${workerRef}/approvals`)).body.items;
    expect(approval).toMatchObject({ action: "email.send", args: { to: ["bob@example.com"], subject, body: "Draft" } });
    expect(
      (await world.call("POST", `/workers/${workerRef}/approvals/${approval.id}`, { body: { decision: "approve" } }))
        .status,
    ).toBe(200);
    await expect
      .poll(async () => (await db().assistantAction.findUniqueOrThrow({ where: { id: action!.id } })).state, {
        timeout: 15_000,
      })
      .toBe("DONE");
    expect(api.requests.filter((request) => request.body.includes(subject)).map((request) => request.path)).toEqual([
      "/v1/mail/send",
    ]);
  });

  it("refreshes the token once when the provider answers 401, then reports the provider's answer", async () => {
    const workerRef = await allowingWorker();
    await connectWorker(world.call, workerRef, RETURN);
    const grants: string[] = [];
    oauth.provider.service.on("beforeResponse", (_response: unknown, req: { body: { grant_type: string } }) =>
      grants.push(req.body.grant_type),
    );
    api.fail("/v1/mail/send", 401);
    try {
      const action = await say(
        workerRef,
        line("service.mail.send", { to: ["ann@example.com"], subject: "Refused", body: "x" }),
      );
      expect(action).toMatchObject({ state: "FAILED", resultCode: "UPSTREAM_HTTP_401" });
    } finally {
      api.recover("/v1/mail/send");
    }
    expect(grants).toEqual(["refresh_token"]);
    const tries = api.requests.filter((request) => request.path === "/v1/mail/send").slice(-2);
    expect(tries).toHaveLength(2);
    expect(tries[0]!.headers.authorization).not.toBe(tries[1]!.headers.authorization);
  });

  it("fails the action with CONNECTION_REQUIRED when the worker never connected that provider, never using another credential", async () => {
    const workerRef = await allowingWorker();
    const before = api.requests.length;
    const action = await say(
      workerRef,
      line("service.mail.send", { to: ["ann@example.com"], subject: "x", body: "y" }),
    );
    expect(action).toMatchObject({ state: "FAILED", resultCode: "CONNECTION_REQUIRED" });
    // A mail connection does not serve the calendar.
    await connectWorker(world.call, workerRef, RETURN);
    const calendar = await say(
      workerRef,
      line("service.calendar.write", { title: "Lunch", start: "2026-12-01T12:00:00Z", end: "2026-12-01T13:00:00Z" }),
    );
    expect(calendar).toMatchObject({ state: "FAILED", resultCode: "CONNECTION_REQUIRED" });
    expect(api.requests.length).toBe(before);
  });

  it("reads without policy: no action is recorded", async () => {
    const { workerRef } = await world.createWorker();
    await connectWorker(world.call, workerRef, RETURN);
    await say(workerRef, line("service.mail.read", { query: "invoice", limit: 5 }));
    const read = api.requests.filter((request) => request.path === "/v1/mail/messages").at(-1)!;
    expect(Object.fromEntries(read.query)).toEqual({ limit: "5", q: "invoice" });
    expect(await db().assistantAction.count({ where: { workerId: workerRef } })).toBe(0);
  });
});
