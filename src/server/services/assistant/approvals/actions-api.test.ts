import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistantEventsOf } from "../../../../../test/assistant-kit";
import { assistantActionsWorld, type TAssistantActionsWorld } from "../../../../../test/assistant-actions-kit";
import { startEngine, stopEngine, waitForTurn } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { sweepAssistantApprovals } from "@/server/engine/assistant-action-jobs";

// Actions, policies and approvals of assistant workers (spec 4.8, 6.2), through the partner
// routes on the real engine, against a real HTTP receiver standing in for the tools' upstream.

let world: TAssistantActionsWorld;

beforeAll(async () => {
  await startEngine();
  world = await assistantActionsWorld();
});

afterAll(async () => {
  await world.receiver.close();
  await stopEngine();
});

type TEvent = { type: string; body: { id: string; data: Record<string, unknown> } };

const setPolicy = (workerRef: string, body: unknown, headers?: Record<string, string>) =>
  world.call("PUT", `/workers/${workerRef}/policy`, { body, headers });
const approvals = (workerRef: string, query = "") => world.call("GET", `/workers/${workerRef}/approvals${query}`);
const decide = (workerRef: string, approvalId: string, body: unknown, headers?: Record<string, string>) =>
  world.call("POST", `/workers/${workerRef}/approvals/${approvalId}`, { body, headers });

/** Posts a message and waits until its turn settled; returns the reply's text. */
async function say(workerRef: string, text: string): Promise<string> {
  const posted = await world.call("POST", `/workers/${workerRef}/messages`, { body: { body: text } });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  const { turnId } = await db().sessionMessage.findUniqueOrThrow({
    where: { id: posted.body.id },
    select: { turnId: true },
  });
  expect(await waitForTurn(turnId!, ["COMPLETED", "FAILED", "SUSPENDED"])).toMatchObject({ status: "COMPLETED" });
  const reply = await db().sessionMessage.findFirstOrThrow({
    where: { turnId, role: "ASSISTANT" },
    select: { body: true },
  });
  return reply.body;
}

async function waitForAction(actionId: string, states = ["DONE", "FAILED", "DROPPED"]) {
  const until = Date.now() + 15_000;
  for (;;) {
    const action = await db().assistantAction.findUniqueOrThrow({
      where: { id: actionId },
      select: { state: true, resultCode: true },
    });
    if (states.includes(action.state)) return action;
    if (Date.now() > until) throw new Error(`action ${actionId} stayed ${action.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const actionEvents = async (workerRef: string): Promise<TEvent[]> =>
  ((await assistantEventsOf(workerRef)) as TEvent[]).filter((event) => event.type === "action.recorded");

describe("the policy decides every classified call before it runs", () => {
  it("allow: the call runs, and action.recorded is sent when proposed and again when done, with one action_id", async () => {
    const { workerRef } = await world.createWorker();
    await setPolicy(workerRef, { rules: [{ action: "*", mode: "allow" }], approval_ttl: "P1D" });
    const before = world.receiver.to("email.send").length;
    const reply = await say(workerRef, world.callLine("email.send", { to: "ann@example.com", subject: "Hi" }));
    expect(reply).toContain("Done");
    expect(
      world.receiver
        .to("email.send")
        .slice(before)
        .map((request) => request.json),
    ).toEqual([{ to: "ann@example.com", subject: "Hi" }]);
    const events = await actionEvents(workerRef);
    expect(events.map((event) => (event.body.data.result as { status: string }).status)).toEqual(["pending", "done"]);
    expect(new Set(events.map((event) => event.body.data.action_id)).size).toBe(1);
    expect(events[1]!.body.data).toMatchObject({
      action: "email.send",
      trigger: "message",
      approval: null,
      result: { status: "done", policy: "allow" },
    });
    expect(events[1]!.body.data.summary).toContain("ann@example.com");
  });

  it("allow: a call whose upstream fails ends the action failed with the tool's code", async () => {
    const { workerRef } = await world.createWorker();
    await setPolicy(workerRef, { rules: [{ action: "purchase", mode: "allow" }], approval_ttl: "P1D" });
    world.receiver.fail("purchase", 502);
    try {
      await say(workerRef, world.callLine("purchase", { item: "book" }));
    } finally {
      world.receiver.recover("purchase");
    }
    const [, settled] = await actionEvents(workerRef);
    expect(settled!.body.data.result).toMatchObject({ status: "failed", error_code: "UPSTREAM_HTTP_502" });
  });

  it("never: the call is refused in code (the upstream never hears of it) and the action is dropped", async () => {
    const { workerRef } = await world.createWorker();
    await setPolicy(workerRef, {
      rules: [
        { action: "*", mode: "allow" },
        { action: "message.send", mode: "never" },
      ],
      approval_ttl: "P1D",
    });
    const before = world.receiver.to("message.send").length;
    const reply = await say(workerRef, world.callLine("message.send", { to: "bob", text: "hi" }));
    expect(world.receiver.to("message.send").length).toBe(before);
    expect(reply).toContain("ACTION_NOT_ALLOWED");
    const call = await db().toolCall.findFirstOrThrow({
      where: { action: { workerId: workerRef } },
      select: { status: true, errorCode: true },
    });
    expect(call).toEqual({ status: "FAILED", errorCode: "ACTION_NOT_ALLOWED" });
    const events = await actionEvents(workerRef);
    expect(events.map((event) => event.body.data.result)).toEqual([
      { status: "pending", policy: "never" },
      {
        status: "dropped",
        policy: "never",
        error_code: "ACTION_NOT_ALLOWED",
        message: expect.stringContaining("never allows message.send"),
      },
    ]);
  });

  it("a read-only tool (no action class) runs without policy and records no action", async () => {
    const { workerRef } = await world.createWorker();
    await setPolicy(workerRef, { rules: [{ action: "*", mode: "never" }], approval_ttl: "P1D" });
    const before = world.receiver.to("read").length;
    await say(workerRef, world.callLine("read", { q: "inbox" }));
    expect(world.receiver.to("read").length).toBe(before + 1);
    expect(await db().assistantAction.count({ where: { workerId: workerRef } })).toBe(0);
  });
});

describe("ask: approvals", () => {
  it("parks the call with a numbered approval while the conversation goes on, and approve runs it with edited_args", async () => {
    const { workerRef } = await world.createWorker();
    const before = world.receiver.to("email.send").length;
    // The default policy asks.
    const reply = await say(workerRef, world.callLine("email.send", { to: "ann@example.com", subject: "Draft" }));
    expect(reply).toContain("approval");
    expect(world.receiver.to("email.send").length).toBe(before);

    const listed = await approvals(workerRef);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(1);
    const approval = listed.body.items[0];
    expect(approval).toEqual({
      id: expect.any(String),
      action_id: expect.any(String),
      action: "email.send",
      preview: expect.stringContaining("ann@example.com"),
      args: { body: { to: "ann@example.com", subject: "Draft" } },
      state: "pending",
      decision: null,
      number: 1,
      requested_at: expect.any(String),
      expires_at: expect.any(String),
      decided_at: null,
    });
    expect(Date.parse(approval.expires_at) - Date.parse(approval.requested_at)).toBe(86_400_000);
    const events = (await assistantEventsOf(workerRef)) as TEvent[];
    expect(events.find((event) => event.type === "approval.requested")!.body.data).toEqual(approval);
    const [proposed] = await actionEvents(workerRef);
    expect(proposed!.body.data).toMatchObject({
      action_id: approval.action_id,
      approval: { id: approval.id, number: 1, state: "pending" },
      result: { status: "pending", policy: "ask" },
    });

    // The conversation is not blocked: the next message is answered while the approval waits.
    expect(await say(workerRef, "Anything else?")).toBe("Echo: Anything else?");

    const decided = await decide(
      workerRef,
      approval.id,
      { decision: "approve", edited_args: { body: { to: "ann@example.com", subject: "Final" } } },
      { "Idempotency-Key": "approve-1" },
    );
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      id: approval.id,
      state: "decided",
      decision: "approve",
      args: { body: { to: "ann@example.com", subject: "Final" } },
      decided_at: expect.any(String),
    });
    expect(await waitForAction(approval.action_id)).toEqual({ state: "DONE", resultCode: null });
    expect(
      world.receiver
        .to("email.send")
        .slice(before)
        .map((request) => request.json),
    ).toEqual([{ to: "ann@example.com", subject: "Final" }]);
    const settled = (await actionEvents(workerRef)).filter((event) => event.body.data.action_id === approval.action_id);
    expect(settled.map((event) => (event.body.data.result as { status: string }).status)).toEqual(["pending", "done"]);

    // A replay answers the same; a second decision is 409.
    const replay = await decide(
      workerRef,
      approval.id,
      { decision: "approve", edited_args: { body: { to: "ann@example.com", subject: "Final" } } },
      { "Idempotency-Key": "approve-1" },
    );
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(decided.body);
    const second = await decide(workerRef, approval.id, { decision: "reject" });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("CONFLICT");
    expect(world.receiver.to("email.send").length).toBe(before + 1);
  });

  it("reject drops the action without running it", async () => {
    const { workerRef } = await world.createWorker();
    const before = world.receiver.to("calendar.accept").length;
    await say(workerRef, world.callLine("calendar.accept", { invite: "inv-1" }));
    const [approval] = (await approvals(workerRef, "?state=pending")).body.items;
    const rejected = await decide(workerRef, approval.id, { decision: "reject" });
    expect(rejected.body).toMatchObject({ state: "decided", decision: "reject" });
    const events = (await actionEvents(workerRef)).filter((event) => event.body.data.action_id === approval.action_id);
    expect(events.map((event) => event.body.data.result)).toEqual([
      { status: "pending", policy: "ask" },
      { status: "dropped", policy: "ask", error_code: "APPROVAL_REJECTED", message: "Rejected by the user." },
    ]);
    expect(world.receiver.to("calendar.accept").length).toBe(before);
    expect((await approvals(workerRef, "?state=pending")).body.items).toEqual([]);
    expect((await approvals(workerRef, "?state=decided")).body.items.map((item: { id: string }) => item.id)).toEqual([
      approval.id,
    ]);
  });

  it("an instruction sends it back: the assistant revises and the revised action comes back as a new approval", async () => {
    const { workerRef } = await world.createWorker();
    await say(workerRef, world.callLine("calendar.write", { title: "Lunch", at: "12:00" }));
    const [first] = (await approvals(workerRef)).body.items;
    const revised = await decide(workerRef, first.id, {
      instruction: `Make it one o'clock.\n${world.callLine("calendar.write", { title: "Lunch", at: "13:00" })}`,
    });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({ state: "decided", decision: "instruction" });
    const { sessionId } = await db().assistantWorker.findUniqueOrThrow({
      where: { id: workerRef },
      select: { sessionId: true },
    });
    const turn = await db().turn.findFirstOrThrow({
      where: { sessionId: sessionId! },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    await waitForTurn(turn.id, ["COMPLETED", "FAILED"]);

    const items = (await approvals(workerRef)).body.items;
    expect(
      items.map((item: { number: number; state: string; args: unknown }) => [item.number, item.state, item.args]),
    ).toEqual([
      [2, "pending", { body: { title: "Lunch", at: "13:00" } }],
      [1, "decided", { body: { title: "Lunch", at: "12:00" } }],
    ]);
    const dropped = (await actionEvents(workerRef))
      .filter((event) => event.body.data.action_id === first.action_id)
      .at(-1)!;
    expect(dropped.body.data.result).toMatchObject({ status: "dropped", error_code: "APPROVAL_REVISED" });
    const second = (await actionEvents(workerRef)).filter((event) => event.body.data.action_id === items[0].action_id);
    expect(second[0]!.body.data).toMatchObject({ trigger: "instruction", approval: { number: 2 } });
    // The instruction never shows as a message.
    const messages = (await world.call("GET", `/workers/${workerRef}/messages`)).body.items as Array<{ body: string }>;
    expect(messages.some((message) => message.body.includes("one o'clock"))).toBe(false);
  });

  it("expires through the sweep after approval_ttl (never by a reader's clock), and then refuses a decision (409)", async () => {
    const { workerRef } = await world.createWorker();
    await setPolicy(workerRef, {
      rules: [
        { action: "inbox.tidy", mode: "ask" },
        { action: "*", mode: "allow" },
      ],
      approval_ttl: "PT1M",
    });
    await say(workerRef, world.callLine("inbox.tidy", { older_than_days: 30 }));
    const [approval] = (await approvals(workerRef)).body.items;
    expect(Date.parse(approval.expires_at) - Date.parse(approval.requested_at)).toBe(60_000);

    // Before the TTL the sweep leaves it; after it, the sweep expires it and drops the action.
    await sweepAssistantApprovals(new Date(Date.parse(approval.expires_at) - 1_000));
    expect((await approvals(workerRef)).body.items[0].state).toBe("pending");
    await sweepAssistantApprovals(new Date(Date.parse(approval.expires_at) + 1_000));
    expect((await approvals(workerRef, "?state=expired")).body.items).toEqual([{ ...approval, state: "expired" }]);
    const events = (await actionEvents(workerRef)).filter((event) => event.body.data.action_id === approval.action_id);
    expect(events.at(-1)!.body.data.result).toMatchObject({ status: "dropped", error_code: "APPROVAL_EXPIRED" });
    const late = await decide(workerRef, approval.id, { decision: "approve" });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain("expired");
    expect(world.receiver.to("inbox.tidy").length).toBe(0);
  });

  it("lists pending first, oldest first, numbered from 1; an approval of another worker is 404", async () => {
    const { workerRef } = await world.createWorker();
    await say(
      workerRef,
      [
        world.callLine("purchase", { item: "a" }),
        world.callLine("purchase", { item: "b" }),
        world.callLine("purchase", { item: "c" }),
      ].join("\n"),
    );
    const [one, two, three] = (await approvals(workerRef)).body.items;
    expect([one.number, two.number, three.number]).toEqual([1, 2, 3]);
    expect([one.args, two.args, three.args]).toEqual([
      { body: { item: "a" } },
      { body: { item: "b" } },
      { body: { item: "c" } },
    ]);
    await decide(workerRef, one.id, { decision: "reject" });
    const order = (await approvals(workerRef)).body.items.map((item: { number: number }) => item.number);
    expect(order).toEqual([2, 3, 1]);
    expect((await approvals(workerRef, "?limit=1")).body.items.map((item: { number: number }) => item.number)).toEqual([
      2,
    ]);

    const other = await world.createWorker();
    expect((await decide(other.workerRef, two.id, { decision: "approve" })).status).toBe(404);
    expect((await decide(workerRef, crypto.randomUUID(), { decision: "approve" })).status).toBe(404);
  });

  it("refuses a body with neither or both of decision and instruction, or edited_args without approve (400)", async () => {
    const { workerRef } = await world.createWorker();
    const id = crypto.randomUUID();
    for (const body of [
      {},
      { decision: "approve", instruction: "x" },
      { decision: "reject", edited_args: { a: 1 } },
      { decision: "maybe" },
    ]) {
      const response = await decide(workerRef, id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION");
    }
  });
});

describe("DELETE /workers/{w}", () => {
  it("erases the worker's actions and approvals with its conversation", async () => {
    const { workerRef } = await world.createWorker();
    await say(workerRef, world.callLine("email.send", { to: "x@example.com" }));
    expect(await db().assistantApproval.count({ where: { workerId: workerRef } })).toBe(1);
    expect((await world.call("DELETE", `/workers/${workerRef}`)).status).toBe(204);
    expect(await db().assistantAction.count({ where: { workerId: workerRef } })).toBe(0);
    expect(await db().assistantApproval.count({ where: { workerId: workerRef } })).toBe(0);
    expect(await db().toolCall.count({ where: { action: { workerId: workerRef } } })).toBe(0);
  });
});
