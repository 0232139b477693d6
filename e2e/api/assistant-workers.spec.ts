import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectError, expectStatus } from "../support/api";
import { bearer, world } from "../support/world";

// Spec 4.8 assistant workers against the running app (black box): create, message, instruction
// turns, paging, the subject rule, erasure. The follower's assistant is configured through
// PUT /assistant-config (the fixture world leaves it unconfigured).

const BASE = "/api/partner/v1";
const partner = () => world().partner;
const orgPath = () => `${BASE}/organizations/${partner().follower.orgId}`;

type TMessage = { id: string; role: string; body: string; created_at: string };
type TPage = { items: TMessage[]; next_cursor: string | null };

async function configureAssistant(request: APIRequestContext) {
  const response = await request.put(`${orgPath()}/assistant-config`, {
    headers: bearer(partner().key),
    data: { assistant_automation_id: partner().follower.assistantAgentId },
  });
  expect(response.status()).toBe(200);
}

async function createWorker(
  request: APIRequestContext,
  externalRef = `e2e-user-${crypto.randomUUID().slice(0, 8)}`,
): Promise<string> {
  const response = await request.post(`${orgPath()}/workers`, {
    headers: bearer(partner().key),
    data: { external_ref: externalRef, email: `${externalRef}@example.com` },
  });
  return ((await expectStatus(response, 201)) as { worker_ref: string }).worker_ref;
}

async function messages(request: APIRequestContext, workerRef: string, query = ""): Promise<TPage> {
  return (await expectStatus(
    await request.get(`${orgPath()}/workers/${workerRef}/messages${query}`, { headers: bearer(partner().key) }),
    200,
  )) as TPage;
}

/** Waits until the conversation holds `count` messages (replies are appended asynchronously). */
async function settledConversation(request: APIRequestContext, workerRef: string, count: number): Promise<TMessage[]> {
  await expect.poll(async () => (await messages(request, workerRef)).items.length, { timeout: 20_000 }).toBe(count);
  return (await messages(request, workerRef)).items;
}

test.describe("assistant workers", () => {
  test.beforeAll(async ({ request }) => {
    await configureAssistant(request);
  });

  test("the same external_ref is the same worker; a message gets the assistant's reply", async ({ request }) => {
    const externalRef = `e2e-alice-${crypto.randomUUID().slice(0, 8)}`;
    const workerRef = await createWorker(request, externalRef);
    expect(await createWorker(request, externalRef)).toBe(workerRef);

    const posted = await request.post(`${orgPath()}/workers/${workerRef}/messages`, {
      headers: bearer(partner().key),
      data: { body: "  Hello assistant  " },
    });
    expect((await expectStatus(posted, 201)) as TMessage).toMatchObject({ role: "user", body: "Hello assistant" });
    const items = await settledConversation(request, workerRef, 2);
    expect(items.map((item) => [item.role, item.body])).toEqual([
      ["user", "Hello assistant"],
      ["assistant", "Echo: Hello assistant"],
    ]);
  });

  test("an instruction turn runs without showing the instruction; paging goes back with before", async ({
    request,
  }) => {
    const workerRef = await createWorker(request);
    const turn = await request.post(`${orgPath()}/workers/${workerRef}/turns`, {
      headers: bearer(partner().key),
      data: { instruction: "Morning brief" },
    });
    expect(await expectStatus(turn, 202)).toMatchObject({ status: "queued", turn_id: expect.any(String) });
    expect((await settledConversation(request, workerRef, 1)).map((item) => [item.role, item.body])).toEqual([
      ["assistant", "Echo: Morning brief"],
    ]);
    await expectStatus(
      await request.post(`${orgPath()}/workers/${workerRef}/messages`, {
        headers: bearer(partner().key),
        data: { body: "thanks" },
      }),
      201,
    );
    await settledConversation(request, workerRef, 3);
    const newest = await messages(request, workerRef, "?limit=2");
    expect(newest.items.map((item) => item.body)).toEqual(["thanks", "Echo: thanks"]);
    const older = await messages(request, workerRef, `?limit=2&before=${newest.next_cursor}`);
    expect(older).toMatchObject({ items: [{ body: "Echo: Morning brief" }], next_cursor: null });
    await expectError(
      await request.get(`${orgPath()}/workers/${workerRef}/messages?limit=101`, { headers: bearer(partner().key) }),
      400,
      "VALIDATION",
    );
  });

  test("a mismatched X-Service-Subject, another platform and an unknown worker get one 404; DELETE erases and retires", async ({
    request,
  }) => {
    const workerRef = await createWorker(request);
    const other = await createWorker(request);
    const path = `${orgPath()}/workers/${workerRef}/messages`;
    await expectError(
      await request.get(path, { headers: { ...bearer(partner().key), "X-Service-Subject": other } }),
      404,
      "NOT_FOUND",
    );
    await expectError(await request.get(path, { headers: bearer(partner().otherPlatformKey) }), 404, "NOT_FOUND");
    await expectError(
      await request.get(`${orgPath()}/workers/${crypto.randomUUID()}/messages`, { headers: bearer(partner().key) }),
      404,
      "NOT_FOUND",
    );
    await expectStatus(
      await request.get(path, { headers: { ...bearer(partner().key), "X-Service-Subject": workerRef } }),
      200,
    );

    const key = { ...bearer(partner().key), "Idempotency-Key": `e2e-del-${crypto.randomUUID()}` };
    const deleted = await request.delete(`${orgPath()}/workers/${workerRef}`, { headers: key });
    expect(deleted.status()).toBe(204);
    const replay = await request.delete(`${orgPath()}/workers/${workerRef}`, { headers: key });
    expect(replay.status()).toBe(204);
    expect(replay.headers()["idempotency-replayed"]).toBe("true");
    await expectError(await request.get(path, { headers: bearer(partner().key) }), 404, "NOT_FOUND");
    await expectError(
      await request.post(path, { headers: bearer(partner().key), data: { body: "hi" } }),
      404,
      "NOT_FOUND",
    );
  });
});
