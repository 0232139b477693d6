import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import {
  ApiError,
  createCustomerClient,
  createPartnerClient,
  verify,
  type SessionStreamEnvelope,
} from "../../sdk/typescript/src/index";
import { provisioningBody } from "../support/partner";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { world } from "../support/world";

// Issue 16, TypeScript half: the SDK (imported from its source) against the running app and the
// fixture world. Every call goes through the SDK's own transport, retries and parsing.

const acme = () => world().orgs.acme;
const operator = () => acme().users.operator;

/** A fetch that counts requests per path fragment, so a test can tell the SDK sent one request, not a retry. */
function countingFetch() {
  const counts = new Map<string, number>();
  const wrapped: typeof fetch = (input, init) => {
    const path = new URL(String(input)).pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    return fetch(input, init);
  };
  return {
    fetch: wrapped,
    count: (fragment: string) =>
      [...counts].filter(([path]) => path.includes(fragment)).reduce((sum, [, n]) => sum + n, 0),
  };
}

/**
 * A fetch whose first session-stream connection breaks mid-turn: after the chunk that carried
 * `event: <dropAfter>` has been handed on, the next read fails like a reset connection.
 */
function droppingFetch(dropAfter: string) {
  let streamConnections = 0;
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).endsWith("/stream") || response.status !== 200) return response;
    streamConnections += 1;
    if (streamConnections > 1) return response;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    let dropNext = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (dropNext) {
          await reader.cancel();
          controller.error(new TypeError("terminated: the e2e dropped the connection"));
          return;
        }
        const chunk = await reader.read();
        if (chunk.done) return controller.close();
        seen += decoder.decode(chunk.value, { stream: true });
        if (seen.includes(`event: ${dropAfter}`)) dropNext = true;
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch: wrapped, connections: () => streamConnections };
}

test.describe("TypeScript SDK against the running service", () => {
  test("follows a session to turn.completed through a dropped connection and an approval: nothing lost, nothing twice", async () => {
    test.setTimeout(90_000);
    const dropping = droppingFetch("turn.suspended");
    const client = createCustomerClient({
      baseUrl: world().baseUrl,
      credential: operator().apiKey,
      fetch: dropping.fetch,
    });
    const marker = uniqueMarker("sdk");
    // httpWrite's write tool is in approvalTools: the turn suspends mid-way until a decision.
    const opened = await client.sessions.open({ automationId: acme().agents.httpWrite.id, message: marker });
    expect(opened.status).toBe(202);
    const { sessionId } = opened.data;

    const seen: SessionStreamEnvelope[] = [];
    let decided = false;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 60_000);
    // From seq 0: every event of the session, whenever the turn got to it.
    for await (const envelope of client.sessions.stream(
      { sessionId },
      { lastEventId: 0, signal: controller.signal, reconnectDelayMs: 200 },
    )) {
      seen.push(envelope);
      if (envelope.event === "turn.suspended" && !decided) {
        decided = true;
        const approvalId = String(envelope.data.approvalId);
        const approved = await client.sessions.decideApproval({ sessionId, decision: "approved", approvalId });
        expect(approved.data).toEqual({ ok: true, approvalId, decision: "approved" });
        // A second decision is a typed CONFLICT, sent once.
        const second = await client.sessions
          .decideApproval({ sessionId, decision: "rejected", approvalId })
          .catch((error: unknown) => error);
        expect(second).toBeInstanceOf(ApiError);
        expect(second).toMatchObject({ status: 409, code: "CONFLICT" });
      }
      if (envelope.event === "turn.completed") break;
    }
    clearTimeout(timer);
    expect(decided).toBe(true);
    expect(dropping.connections()).toBeGreaterThanOrEqual(2);
    expect(seen.at(-1)?.event).toBe("turn.completed");
    // One snapshot, the first connection's: a resumed connection's is not yielded (as in the
    // Python SDK), the events after the cursor follow it.
    const snapshots = seen.filter((envelope) => envelope.event === "snapshot");
    expect(snapshots.length).toBe(1);
    const logged = seen.filter((envelope) => envelope.event !== "snapshot" && envelope.event !== "stream.reset");
    expect(logged.map((envelope) => envelope.seq)).toEqual(logged.map((_, index) => index + 1));

    // A fresh replay of the whole log (no drop) has exactly the events the interrupted follow yielded.
    const replay: SessionStreamEnvelope[] = [];
    for await (const envelope of createCustomerClient({
      baseUrl: world().baseUrl,
      credential: operator().apiKey,
    }).sessions.stream({ sessionId }, { lastEventId: 0 })) {
      if (envelope.event !== "snapshot") replay.push(envelope);
      if (envelope.seq >= logged.at(-1)!.seq) break;
    }
    expect(replay.map((envelope) => [envelope.seq, envelope.event])).toEqual(
      logged.map((envelope) => [envelope.seq, envelope.event]),
    );
    // The approved write ran once.
    await expect
      .poll(async () => (await receivedRequests(marker)).filter((hit) => hit.path === "/write").length)
      .toBe(1);
    const details = await client.sessions.get({ sessionId });
    expect(details.data.pendingApprovalId).toBeNull();
  });

  test("fires a trigger with a generated Idempotency-Key, replays it, and gets a typed IDEMPOTENCY_KEY_REUSED without a retry", async () => {
    const counter = countingFetch();
    const client = createCustomerClient({
      baseUrl: world().baseUrl,
      credential: operator().apiKey,
      fetch: counter.fetch,
    });
    const input = { prompt: `sdk fire ${uniqueMarker()}` };
    const first = await client.triggers.fire({ triggerId: acme().triggers.api.id, input });
    expect(first.status).toBe(202);
    expect(first.replayed).toBe(false);
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.data.sessions.length).toBeGreaterThan(0);

    const replay = await client.triggers.fire(
      { triggerId: acme().triggers.api.id, input },
      { idempotencyKey: first.idempotencyKey },
    );
    expect(replay.replayed).toBe(true);
    expect(replay.data).toEqual(first.data);

    const before = counter.count("/triggers/fire");
    const reused = await client.triggers
      .fire(
        { triggerId: acme().triggers.api.id, input: { prompt: "another request" } },
        { idempotencyKey: first.idempotencyKey },
      )
      .catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(ApiError);
    expect(reused).toMatchObject({ status: 409, code: "IDEMPOTENCY_KEY_REUSED" });
    expect((reused as ApiError).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(counter.count("/triggers/fire") - before).toBe(1);

    // Another call without a key gets a key of its own: a new fan-out, not a replay.
    const fresh = await client.triggers.fire({ triggerId: acme().triggers.api.id, input });
    expect(fresh.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(fresh.replayed).toBe(false);
  });

  test("typed errors: a session the key cannot see is NOT_FOUND, also for the stream", async () => {
    const client = createCustomerClient({ baseUrl: world().baseUrl, credential: operator().apiKey });
    const missing = randomUUID();
    await expect(client.sessions.get({ sessionId: missing })).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
    const stream = client.sessions.stream({ sessionId: missing });
    await expect(stream.next()).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  test("provisions a customer with the partner SDK (generated key, replayed on repeat, typed UNAUTHORIZED)", async () => {
    const client = createPartnerClient({ baseUrl: world().baseUrl, credential: world().partner.key });
    const body = provisioningBody();
    const provisioned = await client.organizations.provision(body);
    expect(provisioned.status).toBe(202);
    expect(provisioned.replayed).toBe(false);
    expect(provisioned.data).toMatchObject({ clientSegment: body.clientSegment });
    const replay = await client.organizations.provision(body, {
      idempotencyKey: provisioned.idempotencyKey,
    });
    expect(replay.replayed).toBe(true);
    // The owner's invitation link is shown once: a replay answers the record without it.
    expect(replay.data).toEqual({ ...provisioned.data, owner: { ...provisioned.data.owner, invitation: null } });
    const read = await client.organizations.get({ orgId: provisioned.data.orgId });
    expect(read.data.orgId).toBe(provisioned.data.orgId);
    await expect(
      createPartnerClient({
        baseUrl: world().baseUrl,
        credential: "ykp_invalid",
      }).organizations.provision(provisioningBody()),
    ).rejects.toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });

  test("verifies a real webhook delivery and finds its event through the events iterator", async () => {
    test.setTimeout(90_000);
    const client = createPartnerClient({ baseUrl: world().baseUrl, credential: world().partner.key });
    const { follower } = world().partner;
    // The same URL and secret as e2e/api/assistant-webhooks.spec.ts, so parallel specs see one configuration.
    const secret = "whsec_e2e_assistant_webhooks_0001";
    const hookUrl = `${world().httpTarget}/assistant-webhooks`;
    await client.assistantConfig.put({
      orgId: follower.orgId,
      assistant_automation_id: follower.assistantAgentId,
      webhook: { url: hookUrl, secret },
    });
    const created = await client.workers.create({
      orgId: follower.orgId,
      external_ref: `sdk-${randomUUID()}`,
      email: "sdk-user@example.com",
    });
    // The route also vouches named workers (another response shape): narrow to the assistant worker.
    if (!("worker_ref" in created.data))
      throw new Error(`expected an assistant worker, got ${JSON.stringify(created.data)}`);
    const workerRef = created.data.worker_ref;
    await client.messages.post({ orgId: follower.orgId, w: workerRef, body: "hello from the SDK e2e" });

    const deliveries = async () =>
      (await receivedRequests(workerRef)).filter((hit) => hit.path === "/assistant-webhooks");
    await expect.poll(async () => (await deliveries()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const [hit] = await deliveries();
    const event = await verify(hit!.body, hit!.headers, secret, { toleranceSeconds: 300 });
    expect(event.worker_ref).toBe(workerRef);
    await expect(verify(hit!.body, hit!.headers, "whsec_wrong_secret")).rejects.toMatchObject({
      reason: "signature_mismatch",
    });
    await expect(verify(hit!.body.replace(workerRef, "someone-else"), hit!.headers, secret)).rejects.toMatchObject({
      reason: "signature_mismatch",
    });

    const ids: string[] = [];
    for await (const logged of client.events.items({
      orgId: follower.orgId,
      worker_ref: workerRef,
      limit: 1,
    }))
      ids.push(logged.id);
    expect(ids).toContain(event.id);

    const pages = [];
    for await (const page of client.messages.pages({ orgId: follower.orgId, w: workerRef, limit: 1 })) pages.push(page);
    expect(
      pages.flatMap((page) => page.items).some((message) => JSON.stringify(message).includes("hello from the SDK e2e")),
    ).toBe(true);
  });
});
