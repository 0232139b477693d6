import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEngine, stopEngine } from "../../../../../test/sessions-kit";
import { db, openDatabase, useDatabase } from "@/server/db/client";
import { enqueueMany } from "@/server/jobs/enqueue";
import { migrationsDir } from "@/server/db/migrate";
import { checkReadiness } from "@/server/services/health/check-readiness";
import { GET as health } from "@/app/api/health/route";
import { GET as live } from "@/app/api/health/live/route";
import { GET as ready } from "./route";

// The probes as Next serves them: liveness never touches the database, readiness names each
// check (database, migrations, queue) and answers 503 while any of them is not ready.

type TReadyBody = {
  status: string;
  checks: Record<"database" | "migrations" | "queue", { ok: boolean; [key: string]: unknown }>;
};

beforeAll(async () => {
  await startEngine({ workers: false });
});

afterAll(async () => {
  await stopEngine();
});

describe("GET /api/health/live", () => {
  it("answers 200 with the uptime, and keeps answering while the database is unreachable", async () => {
    const response = live();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", uptimeSeconds: expect.any(Number) });
    const holder = globalThis as { __serviceDatabase?: unknown };
    const original = holder.__serviceDatabase;
    const unreachable = openDatabase({ url: "postgresql://postgres@127.0.0.1:9/unreachable" });
    useDatabase(unreachable);
    try {
      expect(live().status).toBe(200);
      const notReady = await ready();
      expect(notReady.status).toBe(503);
      const body = (await notReady.json()) as TReadyBody;
      expect(body.status).toBe("not_ready");
      expect(body.checks.database).toMatchObject({ ok: false, error: expect.stringMatching(/\S/) });
      expect(body.checks.migrations.ok).toBe(false);
    } finally {
      holder.__serviceDatabase = original;
      await unreachable.close();
    }
  });
});

describe("GET /api/health/ready", () => {
  it("is 200 ready when the database answers, every migration is applied and the queue runs", async () => {
    const response = await ready();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as TReadyBody;
    expect(body).toMatchObject({
      status: "ready",
      checks: { database: { ok: true }, migrations: { ok: true, pending: [] }, queue: { ok: true, state: "running" } },
    });
  });

  it("shows the execution backlog per queue, which never makes the process not ready", async () => {
    const before = (await checkReadiness()).checks.queue.backlog!;
    expect(Object.keys(before).sort()).toEqual(["agent-turn", "flow-run"]);
    // No worker runs here: two accepted turns wait in the queue.
    const jobs = [1, 2].map(() => ({
      kind: "agent-turn" as const,
      turnId: crypto.randomUUID(),
      organizationId: crypto.randomUUID(),
    }));
    await db().$transaction((tx) => enqueueMany(tx, jobs));
    const readiness = await checkReadiness();
    expect(readiness.status).toBe("ready");
    expect(readiness.checks.queue.backlog!["agent-turn"]!.queued).toBe(before["agent-turn"]!.queued + 2);
    expect(readiness.checks.queue.backlog!["flow-run"]).toEqual(before["flow-run"]);
  });

  it("names the migrations a newer build ships that the database has not applied", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "aas-migrations-"));
    try {
      cpSync(migrationsDir(), dir, { recursive: true });
      mkdirSync(path.join(dir, "29991231000000_from_the_future"));
      const readiness = await checkReadiness({ migrationsDir: dir });
      expect(readiness.status).toBe("not_ready");
      expect(readiness.checks.migrations).toEqual({ ok: false, pending: ["29991231000000_from_the_future"] });
      expect(readiness.checks.database.ok).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is 503 while the job queue is not running, and /api/health keeps its shape", async () => {
    await stopEngine();
    try {
      const response = await ready();
      expect(response.status).toBe(503);
      const body = (await response.json()) as TReadyBody;
      expect(body.checks.queue).toEqual({ ok: false, state: "stopped" });
      expect(body.checks.database.ok).toBe(true);
    } finally {
      await startEngine({ workers: false });
    }
    const classic = await health();
    expect(classic.status).toBe(200);
    expect(await classic.json()).toMatchObject({ status: "ok", database: { ok: true }, queue: { state: "running" } });
  });
});
