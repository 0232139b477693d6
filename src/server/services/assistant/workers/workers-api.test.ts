import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistantWorld, partnerCall } from "../../../../../test/assistant-kit";
import { partnerPlatform, seedFollower } from "../../../../../test/partner-kit";
import { startEngine, stopEngine, waitForTurn } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";

// POST and DELETE /workers (spec 4.8) through the real partner route handler.

let world: Awaited<ReturnType<typeof assistantWorld>>;

beforeAll(async () => {
  await startEngine();
  world = await assistantWorld();
});

afterAll(async () => {
  await stopEngine();
});

describe("POST /workers", () => {
  it("answers 201 { worker_ref } and the same worker for the same external_ref, storing the latest email", async () => {
    const first = await world.call("POST", "/workers", {
      body: { external_ref: "  alice-1  ", email: "alice@example.com" },
    });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body)).toEqual(["worker_ref"]);
    const again = await world.call("POST", "/workers", {
      body: { external_ref: "alice-1", email: "alice@new.example" },
    });
    expect(again).toMatchObject({ status: 201, body: { worker_ref: first.body.worker_ref } });
    expect(await db().assistantWorker.findUniqueOrThrow({ where: { id: first.body.worker_ref } })).toMatchObject({
      externalRef: "alice-1",
      email: "alice@new.example",
      status: "ACTIVE",
      sessionId: null,
    });
  });

  it("gives concurrent creates of one external_ref one worker", async () => {
    const body = { external_ref: `racer-${crypto.randomUUID()}`, email: "r@example.com" };
    const responses = await Promise.all(Array.from({ length: 6 }, () => world.call("POST", "/workers", { body })));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.body.worker_ref)).size).toBe(1);
    expect(
      await db().assistantWorker.count({ where: { organizationId: world.orgId, externalRef: body.external_ref } }),
    ).toBe(1);
  });

  it("replays an Idempotency-Key with Idempotency-Replayed: true and refuses it for another body", async () => {
    const headers = { "Idempotency-Key": `k-${crypto.randomUUID()}` };
    const body = { external_ref: `idem-${crypto.randomUUID()}`, email: "i@example.com" };
    const first = await world.call("POST", "/workers", { body, headers });
    const replay = await world.call("POST", "/workers", { body, headers });
    expect(first.headers.get("idempotency-replayed")).toBeNull();
    expect(replay).toMatchObject({ status: 201, body: first.body });
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    const other = await world.call("POST", "/workers", { body: { ...body, email: "j@example.com" }, headers });
    expect(other).toMatchObject({ status: 409, body: { error: { code: "IDEMPOTENCY_KEY_REUSED" } } });
  });

  it("validates the body: bounds, email, unknown fields and mixed bodies are 400", async () => {
    const bad = [
      { external_ref: "", email: "a@example.com" },
      { external_ref: "   ", email: "a@example.com" },
      { external_ref: "x".repeat(201), email: "a@example.com" },
      { external_ref: "ok", email: "not-an-email" },
      { external_ref: "ok" },
      { external_ref: "ok", email: "a@example.com", extra: 1 },
      { external_ref: "ok", email: "a@example.com", partnerSubject: "s" },
    ];
    for (const body of bad)
      expect((await world.call("POST", "/workers", { body })).status, JSON.stringify(body)).toBe(400);
    expect(
      (await world.call("POST", "/workers", { body: { external_ref: "x".repeat(200), email: "a@example.com" } }))
        .status,
    ).toBe(201);
  });

  it("answers 401 for a bad key and the uniform 404 for another platform's or an unknown organization", async () => {
    const body = { external_ref: "bob", email: "bob@example.com" };
    expect((await world.call("POST", "/workers", { body, key: "ykp_wrong" })).status).toBe(401);
    const other = await partnerPlatform();
    const otherCustomer = await seedFollower(other.platform.id);
    const foreign = await partnerCall("POST", `/organizations/${otherCustomer.organization.id}/workers`, {
      key: world.partner.key,
      body,
    });
    const unknown = await partnerCall("POST", `/organizations/${crypto.randomUUID()}/workers`, {
      key: world.partner.key,
      body,
    });
    expect(foreign).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    expect(unknown.body).toEqual(foreign.body);
  });
});

describe("DELETE /workers/{w}", () => {
  it("erases the conversation, retires the worker (email and external_ref cleared) and 404s every route afterwards", async () => {
    const { workerRef, externalRef } = await world.createWorker();
    const posted = await world.call("POST", `/workers/${workerRef}/messages`, { body: { body: "remember my secret" } });
    expect(posted.status).toBe(201);
    const { sessionId } = await db().assistantWorker.findUniqueOrThrow({
      where: { id: workerRef },
      select: { sessionId: true },
    });
    const turn = await db().turn.findFirstOrThrow({ where: { sessionId: sessionId! } });
    await waitForTurn(turn.id);

    const headers = { "Idempotency-Key": `del-${crypto.randomUUID()}` };
    const deleted = await world.call("DELETE", `/workers/${workerRef}`, { headers });
    expect(deleted.status).toBe(204);
    const where = { sessionId: sessionId! };
    expect(await db().agentSession.count({ where: { id: sessionId! } })).toBe(0);
    expect([
      await db().sessionMessage.count({ where }),
      await db().turn.count({ where }),
      await db().sessionEvent.count({ where }),
    ]).toEqual([0, 0, 0]);
    const retired = await db().assistantWorker.findUniqueOrThrow({ where: { id: workerRef } });
    expect(retired).toMatchObject({ status: "RETIRED", email: "", sessionId: null, policy: null });
    expect(retired.retiredAt).toBeInstanceOf(Date);
    expect(retired.externalRef).not.toContain(externalRef);

    const replay = await world.call("DELETE", `/workers/${workerRef}`, { headers });
    expect(replay.status).toBe(204);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    for (const [method, path, body] of [
      ["DELETE", `/workers/${workerRef}`, undefined],
      ["POST", `/workers/${workerRef}/messages`, { body: "hello?" }],
      ["GET", `/workers/${workerRef}/messages`, undefined],
      ["POST", `/workers/${workerRef}/turns`, { instruction: "brief me" }],
    ] as const) {
      expect((await world.call(method, path, { body })).status, `${method} ${path}`).toBe(404);
    }
    // The external_ref is free again: a new worker with an empty conversation.
    const fresh = await world.call("POST", "/workers", {
      body: { external_ref: externalRef, email: "new@example.com" },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.worker_ref).not.toBe(workerRef);
  });

  it("answers the uniform 404 for unknown ids, another organization's worker and a mismatched X-Service-Subject", async () => {
    const { workerRef, externalRef } = await world.createWorker();
    const other = await assistantWorld();
    const foreign = await other.createWorker();
    const unknown = await world.call("DELETE", `/workers/${crypto.randomUUID()}`);
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    expect((await world.call("DELETE", `/workers/not-a-uuid`)).status).toBe(404);
    expect((await world.call("DELETE", `/workers/${foreign.workerRef}`)).status).toBe(404);
    expect(
      (await world.call("DELETE", `/workers/${workerRef}`, { headers: { "X-Service-Subject": foreign.workerRef } }))
        .body,
    ).toEqual(unknown.body);
    expect(
      (await world.call("DELETE", `/workers/${workerRef}`, { headers: { "X-Service-Subject": externalRef } })).status,
    ).toBe(204);
    expect((await db().assistantWorker.findUniqueOrThrow({ where: { id: foreign.workerRef } })).status).toBe("ACTIVE");
  });
});
