import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistantActionsWorld, type TAssistantActionsWorld } from "../../../../../test/assistant-actions-kit";

// A worker's action policy (spec 4.8, 6.2) through the partner routes: read, replaced, refused.

let world: TAssistantActionsWorld;

beforeAll(async () => {
  world = await assistantActionsWorld();
});

afterAll(async () => {
  await world.receiver.close();
});

const setPolicy = (workerRef: string, body: unknown, headers?: Record<string, string>) =>
  world.call("PUT", `/workers/${workerRef}/policy`, { body, headers });

describe("PUT and GET /workers/{w}/policy", () => {
  it("starts at the default, replaces it with PUT (204) and reads it back", async () => {
    const { workerRef } = await world.createWorker();
    expect((await world.call("GET", `/workers/${workerRef}/policy`)).body).toEqual({
      rules: [{ action: "*", mode: "ask" }],
      approval_ttl: "P1D",
      is_default: true,
    });
    const policy = {
      rules: [
        { action: "*", mode: "never" },
        { action: "email.send", mode: "allow" },
      ],
      approval_ttl: "PT30M",
    };
    const put = await setPolicy(workerRef, policy, { "Idempotency-Key": "policy-1" });
    expect(put.status).toBe(204);
    expect(
      (await setPolicy(workerRef, policy, { "Idempotency-Key": "policy-1" })).headers.get("idempotency-replayed"),
    ).toBe("true");
    expect(
      (await setPolicy(workerRef, { ...policy, approval_ttl: "PT31M" }, { "Idempotency-Key": "policy-1" })).status,
    ).toBe(409);
    expect((await world.call("GET", `/workers/${workerRef}/policy`)).body).toEqual({ ...policy, is_default: false });
  });

  it("refuses an unknown action or mode and a TTL outside 1 minute to 30 days (400), and an unknown worker (404)", async () => {
    const { workerRef } = await world.createWorker();
    for (const body of [
      { rules: [{ action: "email.delete", mode: "allow" }], approval_ttl: "P1D" },
      { rules: [{ action: "*", mode: "sometimes" }], approval_ttl: "P1D" },
      { rules: [], approval_ttl: "PT59S" },
      { rules: [], approval_ttl: "P31D" },
      { rules: [], approval_ttl: "P1M" },
      { rules: [] },
    ]) {
      const response = await setPolicy(workerRef, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION");
    }
    expect(
      (await world.call("PUT", `/workers/${crypto.randomUUID()}/policy`, { body: { rules: [], approval_ttl: "P1D" } }))
        .status,
    ).toBe(404);
  });
});
