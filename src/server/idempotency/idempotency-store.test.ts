import { describe, expect, it } from "vitest";
import { createOrganization } from "../../../test/factories";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { IN_PROGRESS_LEASE_MS, runIdempotent, type TRecordOutcome } from "./idempotency-store";

const DAY = 24 * 60 * 60 * 1000;

/** An operation that counts its executions and records its outcome with its own write. */
function counted() {
  const state = { runs: 0 };
  const execute = async (recordOutcome: TRecordOutcome) => {
    state.runs++;
    const body = { run: state.runs };
    await db().$transaction(async (tx) => recordOutcome(tx, { status: 202, body }));
    return { status: 202, body };
  };
  return { state, execute };
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("runIdempotent", () => {
  it("runs every request without a key (rule 8)", async () => {
    const org = await createOrganization();
    const op = counted();
    for (let index = 0; index < 3; index++)
      await runIdempotent({ orgId: org.id, scope: "t", key: null, digest: "d", windowMs: DAY, execute: op.execute });
    expect(op.state.runs).toBe(3);
  });

  it("replays a completed request with its original body and runs nothing (rule 5)", async () => {
    const org = await createOrganization();
    const op = counted();
    const first = await runIdempotent({
      orgId: org.id,
      scope: "t",
      key: "k-1",
      digest: "d",
      windowMs: DAY,
      execute: op.execute,
    });
    const second = await runIdempotent({
      orgId: org.id,
      scope: "t",
      key: "k-1",
      digest: "d",
      windowMs: DAY,
      execute: op.execute,
    });
    expect(first).toEqual({ status: 202, body: { run: 1 }, replayed: false });
    expect(second).toEqual({ status: 202, body: { run: 1 }, replayed: true });
    expect(op.state.runs).toBe(1);
  });

  it("refuses the same key with a different request (rule 6)", async () => {
    const org = await createOrganization();
    const op = counted();
    await runIdempotent({ orgId: org.id, scope: "t", key: "k", digest: "d1", windowMs: DAY, execute: op.execute });
    const error = await errorOf(
      runIdempotent({ orgId: org.id, scope: "t", key: "k", digest: "d2", windowMs: DAY, execute: op.execute }),
    );
    expect(error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(error.status).toBe(409);
    expect(op.state.runs).toBe(1);
  });

  it("answers IDEMPOTENCY_IN_PROGRESS with Retry-After: 2 while the original runs (rule 7)", async () => {
    const org = await createOrganization();
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const original = runIdempotent({
      orgId: org.id,
      scope: "t",
      key: "slow",
      digest: "d",
      windowMs: DAY,
      execute: async (recordOutcome) => {
        await blocked;
        await db().$transaction(async (tx) => recordOutcome(tx, { status: 202, body: { ok: true } }));
        return { status: 202, body: { ok: true } };
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const error = await errorOf(
      runIdempotent({ orgId: org.id, scope: "t", key: "slow", digest: "d", windowMs: DAY, execute: counted().execute }),
    );
    expect(error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    expect(error.headers).toEqual({ "Retry-After": "2" });
    release();
    await original;
  });

  it("stores no outcome for a request refused before anything ran", async () => {
    const org = await createOrganization();
    const refused = runIdempotent({
      orgId: org.id,
      scope: "t",
      key: "k",
      digest: "d",
      windowMs: DAY,
      execute: async () => {
        throw new AppError("NOT_FOUND", "no");
      },
    });
    expect((await errorOf(refused)).code).toBe("NOT_FOUND");
    const op = counted();
    expect(
      await runIdempotent({ orgId: org.id, scope: "t", key: "k", digest: "other", windowMs: DAY, execute: op.execute }),
    ).toMatchObject({ replayed: false });
    expect(op.state.runs).toBe(1);
  });

  it("frees a key after the window (rule 3) and takes over an attempt that died before committing", async () => {
    const org = await createOrganization();
    const op = counted();
    const start = new Date("2026-01-01T00:00:00Z");
    await runIdempotent({
      orgId: org.id,
      scope: "t",
      key: "k",
      digest: "d1",
      windowMs: DAY,
      now: start,
      execute: op.execute,
    });
    const later = new Date(start.getTime() + DAY + 1);
    expect(
      await runIdempotent({
        orgId: org.id,
        scope: "t",
        key: "k",
        digest: "d2",
        windowMs: DAY,
        now: later,
        execute: op.execute,
      }),
    ).toMatchObject({ replayed: false, body: { run: 2 } });

    await db().idempotencyRecord.create({
      data: {
        organizationId: org.id,
        scope: "t",
        key: "dead",
        requestDigest: "d",
        expiresAt: new Date(later.getTime() + DAY),
        createdAt: later,
      },
    });
    const afterLease = new Date(later.getTime() + IN_PROGRESS_LEASE_MS + 1);
    expect(
      await runIdempotent({
        orgId: org.id,
        scope: "t",
        key: "dead",
        digest: "d",
        windowMs: DAY,
        now: afterLease,
        execute: op.execute,
      }),
    ).toMatchObject({ replayed: false });
    expect(op.state.runs).toBe(3);
  });

  it("scopes keys to the organization", async () => {
    const [one, two] = [await createOrganization(), await createOrganization()];
    const op = counted();
    await runIdempotent({ orgId: one.id, scope: "t", key: "shared", digest: "d", windowMs: DAY, execute: op.execute });
    expect(
      await runIdempotent({
        orgId: two.id,
        scope: "t",
        key: "shared",
        digest: "other",
        windowMs: DAY,
        execute: op.execute,
      }),
    ).toMatchObject({ replayed: false });
    expect(op.state.runs).toBe(2);
  });

  it("runs 25 concurrent duplicates exactly once", async () => {
    const org = await createOrganization();
    const op = counted();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        runIdempotent({ orgId: org.id, scope: "t", key: "race", digest: "d", windowMs: DAY, execute: op.execute }),
      ),
    );
    expect(op.state.runs).toBe(1);
    for (const outcome of outcomes) {
      if (outcome.status === "fulfilled") expect(outcome.value.body).toEqual({ run: 1 });
      else expect((outcome.reason as AppError).code).toBe("IDEMPOTENCY_IN_PROGRESS");
    }
  });
});
