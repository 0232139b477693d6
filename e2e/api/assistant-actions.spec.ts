import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectError, expectStatus } from "../support/api";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { bearer, world } from "../support/world";

// Spec 4.8 policies, actions and approvals against the running app (black box). The fixture
// follower's assistant (builtin:assistant) calls the tool a message's call line names; its
// action tools post to the run's receiver (httpTarget + /actions/<class>).

const BASE = "/api/partner/v1";
const partner = () => world().partner;
const orgPath = () => `${BASE}/organizations/${partner().follower.orgId}`;
const headers = () => bearer(partner().key);

type TApproval = {
  id: string;
  action_id: string;
  action: string;
  args: Record<string, unknown>;
  state: string;
  decision: string | null;
  number: number;
};
type TEvent = {
  id: string;
  type: string;
  data: { action_id?: string; result?: { status: string; policy: string; error_code?: string } };
};

/** The line that makes the fixture assistant call an action tool with this JSON body. */
const callLine = (
  action: keyof ReturnType<typeof partner>["follower"]["assistantTools"],
  body: Record<string, unknown>,
) => `#${partner().follower.assistantTools[action]} ${JSON.stringify({ body })}`;

/** The receiver's hits on the action tools' paths carrying `marker` (webhook deliveries carry it too). */
const actionHits = async (marker: string) =>
  (await receivedRequests(marker)).filter((hit) => hit.path.startsWith("/actions/"));

async function createWorker(request: APIRequestContext): Promise<string> {
  const ref = `e2e-actions-${crypto.randomUUID().slice(0, 8)}`;
  const created = await request.post(`${orgPath()}/workers`, {
    headers: headers(),
    data: { external_ref: ref, email: `${ref}@example.com` },
  });
  return ((await expectStatus(created, 201)) as { worker_ref: string }).worker_ref;
}

/** Posts a message and waits for the assistant's reply (the conversation grows by two). */
async function say(request: APIRequestContext, workerRef: string, text: string): Promise<string> {
  const page = async () =>
    (
      (await (await request.get(`${orgPath()}/workers/${workerRef}/messages`, { headers: headers() })).json()) as {
        items: Array<{ role: string; body: string }>;
      }
    ).items;
  const before = (await page()).length;
  await expectStatus(
    await request.post(`${orgPath()}/workers/${workerRef}/messages`, { headers: headers(), data: { body: text } }),
    201,
  );
  await expect.poll(async () => (await page()).length, { timeout: 20_000 }).toBe(before + 2);
  return (await page()).at(-1)!.body;
}

const approvals = async (request: APIRequestContext, workerRef: string, query = "") =>
  (
    (await expectStatus(
      await request.get(`${orgPath()}/workers/${workerRef}/approvals${query}`, { headers: headers() }),
      200,
    )) as { items: TApproval[] }
  ).items;

const actionResults = async (request: APIRequestContext, workerRef: string, actionId: string) => {
  const page = (await expectStatus(
    await request.get(`${orgPath()}/events?worker_ref=${workerRef}&limit=500`, { headers: headers() }),
    200,
  )) as { items: TEvent[] };
  return page.items
    .filter((event) => event.type === "action.recorded" && event.data.action_id === actionId)
    .map((event) => event.data.result!);
};

test.describe("assistant actions", () => {
  test.beforeAll(async ({ request }) => {
    // A webhook URL is configured so the events are recorded (and GET /events replays them);
    // the same URL and secret as assistant-webhooks.spec, which may run beside this file.
    const config = {
      assistant_automation_id: partner().follower.assistantAgentId,
      webhook: { url: `${world().httpTarget}/assistant-webhooks`, secret: "whsec_e2e_assistant_webhooks_0001" },
    };
    await expectStatus(await request.put(`${orgPath()}/assistant-config`, { headers: headers(), data: config }), 200);
  });

  test("a policy runs, refuses or parks each action; approve runs it with edited_args, once", async ({ request }) => {
    test.setTimeout(90_000);
    const workerRef = await createWorker(request);
    const policy = {
      rules: [
        { action: "*", mode: "ask" },
        { action: "inbox.tidy", mode: "allow" },
        { action: "purchase", mode: "never" },
      ],
      approval_ttl: "PT10M",
    };
    expect(
      (await request.put(`${orgPath()}/workers/${workerRef}/policy`, { headers: headers(), data: policy })).status(),
    ).toBe(204);
    expect(
      await expectStatus(await request.get(`${orgPath()}/workers/${workerRef}/policy`, { headers: headers() }), 200),
    ).toEqual({ ...policy, is_default: false });

    // allow: runs at once.
    const tidy = uniqueMarker("tidy");
    await say(request, workerRef, callLine("inbox.tidy", { marker: tidy }));
    expect((await actionHits(tidy)).map((hit) => hit.path)).toEqual(["/actions/inbox.tidy"]);

    // never: refused in code; the receiver never hears of it.
    const buy = uniqueMarker("buy");
    expect(await say(request, workerRef, callLine("purchase", { marker: buy }))).toContain("ACTION_NOT_ALLOWED");
    expect(await actionHits(buy)).toEqual([]);

    // ask: parked with approval 1 while the conversation goes on.
    const draft = uniqueMarker("draft");
    await say(request, workerRef, callLine("email.send", { to: "ann@example.com", marker: draft }));
    expect(await actionHits(draft)).toEqual([]);
    const [approval] = await approvals(request, workerRef, "?state=pending");
    expect(approval).toMatchObject({
      action: "email.send",
      state: "pending",
      decision: null,
      number: 1,
      args: { body: { to: "ann@example.com", marker: draft } },
    });
    expect(await say(request, workerRef, "still there?")).toBe("Echo: still there?");

    const final = uniqueMarker("final");
    const decided = await request.post(`${orgPath()}/workers/${workerRef}/approvals/${approval!.id}`, {
      headers: { ...headers(), "Idempotency-Key": `e2e-approve-${approval!.id}` },
      data: { decision: "approve", edited_args: { body: { to: "ann@example.com", marker: final } } },
    });
    expect(await expectStatus(decided, 200)).toMatchObject({ id: approval!.id, state: "decided", decision: "approve" });
    await expect
      .poll(async () => (await actionHits(final)).map((hit) => hit.path), { timeout: 20_000 })
      .toEqual(["/actions/email.send"]);
    await expect
      .poll(async () => (await actionResults(request, workerRef, approval!.action_id)).map((result) => result.status), {
        timeout: 20_000,
      })
      .toEqual(["pending", "done"]);
    await expectError(
      await request.post(`${orgPath()}/workers/${workerRef}/approvals/${approval!.id}`, {
        headers: headers(),
        data: { decision: "reject" },
      }),
      409,
      "CONFLICT",
    );
    expect(await actionHits(draft)).toEqual([]);
  });

  test("reject drops an action and an instruction brings it back revised as a new approval", async ({ request }) => {
    test.setTimeout(90_000);
    const workerRef = await createWorker(request);
    await say(request, workerRef, callLine("calendar.write", { title: "Lunch", at: "12:00" }));
    await say(request, workerRef, callLine("message.send", { text: "on my way" }));
    const [lunch, note] = await approvals(request, workerRef);
    expect([lunch!.number, note!.number]).toEqual([1, 2]);

    await expectStatus(
      await request.post(`${orgPath()}/workers/${workerRef}/approvals/${note!.id}`, {
        headers: headers(),
        data: { decision: "reject" },
      }),
      200,
    );
    const moved = uniqueMarker("moved");
    await expectStatus(
      await request.post(`${orgPath()}/workers/${workerRef}/approvals/${lunch!.id}`, {
        headers: headers(),
        data: {
          instruction: `One o'clock instead.\n${callLine("calendar.write", { title: "Lunch", at: "13:00", marker: moved })}`,
        },
      }),
      200,
    );
    await expect
      .poll(async () => (await approvals(request, workerRef, "?state=pending")).map((item) => item.number), {
        timeout: 20_000,
      })
      .toEqual([3]);
    const items = await approvals(request, workerRef);
    expect(items.map((item) => [item.number, item.state, item.decision])).toEqual([
      [3, "pending", null],
      [1, "decided", "instruction"],
      [2, "decided", "reject"],
    ]);
    expect(items[0]!.args).toEqual({ body: { title: "Lunch", at: "13:00", marker: moved } });
    expect((await actionResults(request, workerRef, note!.action_id)).at(-1)).toMatchObject({
      status: "dropped",
      error_code: "APPROVAL_REJECTED",
    });
    await expectError(
      await request.post(`${orgPath()}/workers/${workerRef}/approvals/${items[0]!.id}`, {
        headers: headers(),
        data: {},
      }),
      400,
      "VALIDATION",
    );
    await expectError(
      await request.get(`${orgPath()}/workers/${workerRef}/approvals?state=open`, { headers: headers() }),
      400,
      "VALIDATION",
    );
  });
});
