import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerPlatform, seedFollower } from "../../../../../test/partner-kit";
import { partnerApi } from "../../../../../test/provisioning-kit";
import { startEngine, stopEngine } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { recordAssistantEvent } from "./record-assistant-event";

// GET /events (spec 4.8) through the real partner route handler. No engine workers: the
// deliveries recorded here stay queued; only the log is read.

let partner: Awaited<ReturnType<typeof partnerPlatform>>;

beforeAll(async () => {
  await startEngine({ workers: false });
  partner = await partnerPlatform();
});

afterAll(async () => {
  await stopEngine();
});

async function follower() {
  const customer = await seedFollower(partner.platform.id);
  await db().assistantConfig.create({
    data: { organizationId: customer.organization.id, webhookUrl: "https://hooks.example/assistant" },
  });
  return customer.organization.id;
}

// A usage.recorded event as the service writes it (GET /events checks each against its type).
const usage = () => ({ usage_id: randomUUID(), at: new Date().toISOString(), cost_usd: 0.0012, tokens: 42 });

const record = (
  organizationId: string,
  workerId: string | null = null,
  tx?: Parameters<typeof recordAssistantEvent>[0],
) =>
  tx
    ? recordAssistantEvent(tx, { organizationId, workerId, type: "usage.recorded", data: usage() })
    : db().$transaction((inner) =>
        recordAssistantEvent(inner, {
          organizationId,
          workerId,
          type: "usage.recorded",
          data: usage(),
        }),
      );

function events(orgId: string, query: Record<string, string | undefined> = {}, key = partner.key) {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return partnerApi("GET", `/organizations/${orgId}/events${search.size ? `?${search}` : ""}`, { key });
}

describe("GET /events", () => {
  it("pages the log oldest first by cursor, with the delivered bodies, and a null cursor on the last page", async () => {
    const orgId = await follower();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await record(orgId))!.eventId);
    const first = await events(orgId, { limit: "2" });
    expect(first.status).toBe(200);
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 2));
    expect(first.body.next_cursor).toBe(ids[1]);
    const stored = await db().assistantEvent.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(first.body.items[0]).toEqual(JSON.parse(stored.body));
    const second = await events(orgId, { since: first.body.next_cursor, limit: "2" });
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(2, 4));
    const last = await events(orgId, { since: second.body.next_cursor, limit: "2" });
    expect(last.body).toEqual({ items: [expect.objectContaining({ id: ids[4] })], next_cursor: null });
    // A page that ends exactly at the newest event is the last page too.
    expect((await events(orgId, { since: ids[2], limit: "2" })).body.next_cursor).toBeNull();
    expect((await events(orgId, { since: ids[4] })).body).toEqual({ items: [], next_cursor: null });
    expect((await events(orgId)).body.items).toHaveLength(5);
  });

  it("filters by worker_ref", async () => {
    const orgId = await follower();
    const [alice, bob] = [randomUUID(), randomUUID()];
    const a1 = (await record(orgId, alice))!.eventId;
    const b1 = (await record(orgId, bob))!.eventId;
    const a2 = (await record(orgId, alice))!.eventId;
    const page = await events(orgId, { worker_ref: alice });
    expect(page.body.items.map((item: { id: string; worker_ref: string }) => [item.id, item.worker_ref])).toEqual([
      [a1, alice],
      [a2, alice],
    ]);
    // `since` may be any event of the organization, including another worker's.
    expect(
      (await events(orgId, { worker_ref: alice, since: b1 })).body.items.map((item: { id: string }) => item.id),
    ).toEqual([a2]);
    expect((await events(orgId, { worker_ref: "not-a-worker" })).body).toEqual({ items: [], next_cursor: null });
  });

  it("answers 400 for a since that names no event of this organization, and for limits out of 1-500", async () => {
    const orgId = await follower();
    const otherOrg = await follower();
    const foreign = (await record(otherOrg))!.eventId;
    for (const query of [
      { since: foreign },
      { since: randomUUID() },
      { since: "nope" },
      { limit: "0" },
      { limit: "501" },
      { limit: "abc" },
      { cursor: "x" },
    ]) {
      const response = await events(orgId, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION");
    }
    expect((await events(orgId, { limit: "500" })).status).toBe(200);
  });

  it("answers 401 without a key and the uniform 404 for other platforms' customers", async () => {
    const orgId = await follower();
    const other = await partnerPlatform();
    expect((await partnerApi("GET", `/organizations/${orgId}/events`)).status).toBe(401);
    expect((await events(orgId, {}, other.key)).status).toBe(404);
    expect((await events(randomUUID())).status).toBe(404);
  });

  it("never lets a reader paging by cursor skip an event that commits late under concurrent writers", async () => {
    const orgId = await follower();
    const WRITERS = 12;
    let finished = false;
    const written: string[] = [];
    const writers = (async () => {
      const late = db().$transaction(
        async (tx) => {
          const event = await record(orgId, null, tx);
          written.push(event!.eventId);
          // Holds its transaction open while the others try to commit theirs.
          await new Promise((resolve) => setTimeout(resolve, 400));
        },
        { timeout: 10_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const others = Array.from({ length: WRITERS - 1 }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, i * 5)).then(() =>
          db().$transaction(async (tx) => written.push((await record(orgId, null, tx))!.eventId), { timeout: 10_000 }),
        ),
      );
      await Promise.all([late, ...others]);
      finished = true;
    })();

    const seen: string[] = [];
    let since: string | undefined;
    for (;;) {
      // A read that starts after every writer committed must drain the log.
      const doneBeforeRead = finished;
      const page = await events(orgId, { since, limit: "3" });
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((item: { id: string }) => item.id));
      if (page.body.items.length) since = page.body.items.at(-1).id;
      if (page.body.next_cursor === null) {
        if (doneBeforeRead) break;
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    }
    await writers;
    const bySeq = await db().assistantEvent.findMany({
      where: { organizationId: orgId },
      orderBy: { seq: "asc" },
      select: { id: true, seq: true },
    });
    expect(bySeq.map((event) => Number(event.seq))).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 1));
    expect(seen).toEqual(bySeq.map((event) => event.id));
    expect(new Set(seen)).toEqual(new Set(written));
  });
});
