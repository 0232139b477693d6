import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "../../../../../test/factories";
import { startEngine, stopEngine } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { recordAssistantEvent } from "./record-assistant-event";

beforeAll(async () => {
  await startEngine({ workers: false });
});

afterAll(async () => {
  await stopEngine();
});

const record = (organizationId: string, data: Record<string, unknown> = {}) =>
  db().$transaction((tx) => recordAssistantEvent(tx, { organizationId, workerId: null, type: "usage.recorded", data }));

describe("recordAssistantEvent", () => {
  it("records nothing while no webhook URL is configured", async () => {
    const organization = await createOrganization();
    expect(await record(organization.id)).toBeNull();
    await db().assistantConfig.create({ data: { organizationId: organization.id } });
    expect(await record(organization.id)).toBeNull();
    expect(await db().assistantEvent.count({ where: { organizationId: organization.id } })).toBe(0);
  });

  it("numbers events per organization, keeps the exact body and queues one delivery to the configured URL", async () => {
    const organization = await createOrganization();
    await db().assistantConfig.create({
      data: { organizationId: organization.id, webhookUrl: "https://hooks.example/a" },
    });
    const first = await record(organization.id, { usage_id: "u1", cost_usd: 0, tokens: 3 });
    const second = await record(organization.id, { usage_id: "u2", cost_usd: 0, tokens: 4 });
    const events = await db().assistantEvent.findMany({
      where: { organizationId: organization.id },
      orderBy: { seq: "asc" },
      include: { deliveries: true },
    });
    expect(events.map((event) => [event.id, Number(event.seq)])).toEqual([
      [first!.eventId, 1],
      [second!.eventId, 2],
    ]);
    expect(JSON.parse(events[0]!.body)).toEqual({
      id: first!.eventId,
      type: "usage.recorded",
      occurred_at: expect.any(String),
      worker_ref: null,
      data: { usage_id: "u1", cost_usd: 0, tokens: 3 },
    });
    expect(events[0]!.deliveries).toEqual([
      expect.objectContaining({ url: "https://hooks.example/a", status: "PENDING", attemptCount: 0 }),
    ]);
  });
});
