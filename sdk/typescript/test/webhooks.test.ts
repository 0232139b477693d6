import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { describe, test } from "node:test";
import {
  isKnownCompletionEvent,
  isKnownEvent,
  sign,
  verify,
  verifyCompletionEvent,
  WebhookVerificationError,
} from "../src/index.js";

const SECRET = "whsec_unit_test";
const BODY = JSON.stringify({
  id: "evt_1",
  type: "message.created",
  occurred_at: "2026-03-01T12:00:00.000Z",
  worker_ref: "w1",
  data: { message_id: "m1", session_id: "s1", created_at: "2026-03-01T12:00:00.000Z", outcome: "ok", note: "héllo" },
});
const NOW = new Date("2026-03-01T12:00:00Z");
const TS = Math.floor(NOW.getTime() / 1000);

/** The service's own scheme (src/server/webhooks/sign.ts), computed independently of the SDK. */
function serviceHeaders(body: string, timestamp: number, secret = SECRET) {
  return {
    "x-service-timestamp": String(timestamp),
    "x-service-signature": `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")}`,
  };
}

function reason(expected: WebhookVerificationError["reason"]) {
  return (error: unknown) => error instanceof WebhookVerificationError && error.reason === expected;
}

describe("webhooks", () => {
  test("verifies the service's signature (plain object or Headers, string or bytes) and returns the event", async () => {
    const event = await verify(BODY, serviceHeaders(BODY, TS), SECRET, { now: NOW });
    assert.equal(event.id, "evt_1");
    // The type narrows the data: this only compiles because message.created's data is typed.
    if (isKnownEvent(event) && event.type === "message.created") {
      const outcome: "ok" | "failed" | "cancelled" = event.data.outcome;
      assert.equal(outcome, "ok");
    } else assert.fail("a message.created event");
    await verify(new TextEncoder().encode(BODY), new Headers(serviceHeaders(BODY, TS)), SECRET, { now: NOW });
  });

  test("a signed event of a type this SDK does not know is returned, not thrown", async () => {
    const body = JSON.stringify({
      id: "evt_9",
      type: "turn.completed",
      occurred_at: "2026-01-01T00:00:00.000Z",
      worker_ref: null,
      data: { turn_id: "t1" },
    });
    const event = await verify(body, serviceHeaders(body, TS), SECRET, { now: NOW });
    assert.equal(event.type, "turn.completed");
    assert.equal(isKnownEvent(event), false);
    assert.equal(isKnownEvent(await verify(BODY, serviceHeaders(BODY, TS), SECRET, { now: NOW })), true);
    const notAnEvent = JSON.stringify({ hello: "world" });
    await assert.rejects(
      verify(notAnEvent, serviceHeaders(notAnEvent, TS), SECRET, { now: NOW }),
      reason("invalid_json"),
    );
  });

  test("a completion event is verified with the endpoint's secret and typed; a newer type is returned", async () => {
    const body = JSON.stringify({
      id: "9b2f0c1e-3f4a-4d5b-8c6d-7e8f9a0b1c2d",
      type: "turn.failed",
      createdAt: "2026-12-05T10:00:00.000Z",
      data: {
        sessionId: "s1",
        executionId: "t1",
        automationId: "a1",
        status: "failed",
        error: { code: "TOOL_FAILED", message: "the write tool answered 500" },
        usage: { inputTokens: 10, outputTokens: 2 },
      },
    });
    const event = await verifyCompletionEvent(body, serviceHeaders(body, TS, "whsec_endpoint"), "whsec_endpoint", {
      now: NOW,
    });
    assert.ok(isKnownCompletionEvent(event));
    assert.equal(event.data.error?.code, "TOOL_FAILED");
    await assert.rejects(
      verifyCompletionEvent(body, serviceHeaders(body, TS, "whsec_endpoint"), "whsec_another", { now: NOW }),
      reason("signature_mismatch"),
    );
    const newer = JSON.stringify({ id: "e2", type: "turn.archived", createdAt: "2026-12-05T10:00:00.000Z", data: {} });
    const unknown = await verifyCompletionEvent(newer, serviceHeaders(newer, TS, "whsec_endpoint"), "whsec_endpoint", {
      now: NOW,
    });
    assert.equal(isKnownCompletionEvent(unknown), false);
  });

  test("sign() produces what the service sends", async () => {
    assert.deepEqual(await sign(BODY, SECRET, { timestamp: TS }), {
      "X-Service-Timestamp": String(TS),
      "X-Service-Signature": serviceHeaders(BODY, TS)["x-service-signature"],
    });
  });

  test("refuses another secret, a changed body, stale or future timestamps, and missing or malformed headers", async () => {
    const headers = serviceHeaders(BODY, TS);
    await assert.rejects(verify(BODY, headers, "whsec_other", { now: NOW }), reason("signature_mismatch"));
    await assert.rejects(verify(BODY.replace("w1", "w2"), headers, SECRET, { now: NOW }), reason("signature_mismatch"));
    await assert.rejects(
      verify(BODY, headers, SECRET, { now: new Date(NOW.getTime() + 301_000) }),
      reason("timestamp_out_of_tolerance"),
    );
    await assert.rejects(
      verify(BODY, headers, SECRET, { now: new Date(NOW.getTime() - 301_000) }),
      reason("timestamp_out_of_tolerance"),
    );
    await verify(BODY, headers, SECRET, { now: new Date(NOW.getTime() + 299_000) });
    await verify(BODY, headers, SECRET, { now: new Date(NOW.getTime() + 500_000), toleranceSeconds: 600 });
    await assert.rejects(
      verify(BODY, { "x-service-signature": headers["x-service-signature"] }, SECRET, { now: NOW }),
      reason("missing_headers"),
    );
    await assert.rejects(
      verify(BODY, { ...headers, "x-service-signature": "sha1=abc" }, SECRET, { now: NOW }),
      reason("malformed_signature"),
    );
    // A signature over another timestamp does not verify with this one.
    await assert.rejects(
      verify(BODY, { ...headers, "x-service-timestamp": String(TS + 1) }, SECRET, { now: NOW }),
      reason("signature_mismatch"),
    );
  });
});
