import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEngine, stopEngine } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { runOnboardingJob } from "@/server/engine/onboarding";
import { ONBOARDING_RETRY_LIMIT } from "@/server/jobs/queues";
import { platformWithTemplate, provision, requestBody } from "../../../../../test/provisioning-kit";

// Onboarding on the real queue and workers: a provisioning request's job runs to COMPLETED; an
// attempt that dies mid-run (the database refuses one automation) is retried by the queue and
// converges; after the last retry the follower says FAILED and why.

let world: Awaited<ReturnType<typeof platformWithTemplate>>;
const suffix = randomUUID().replaceAll("-", "").slice(0, 10);

beforeAll(async () => {
  await startEngine();
  world = await platformWithTemplate({ customerQuota: 100 });
  await db().$executeRawUnsafe(
    `CREATE TABLE IF NOT EXISTS onboarding_refusals_${suffix} ("templateKey" text, slug text)`,
  );
  await db().$executeRawUnsafe(
    `CREATE OR REPLACE FUNCTION refuse_automation_${suffix}() RETURNS trigger AS $$ BEGIN IF EXISTS (SELECT 1 FROM onboarding_refusals_${suffix} r JOIN organizations o ON o.slug = r.slug WHERE r."templateKey" = NEW."templateKey" AND o.id = NEW."organizationId") THEN RAISE EXCEPTION 'worker lost its database'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
  );
  await db().$executeRawUnsafe(
    `CREATE TRIGGER refuse_automation_${suffix} BEFORE INSERT ON automations FOR EACH ROW EXECUTE FUNCTION refuse_automation_${suffix}()`,
  );
});

afterAll(async () => {
  await db().$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_automation_${suffix} ON automations`);
  await stopEngine();
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const followerOf = (organizationId: string) => db().follower.findUniqueOrThrow({ where: { organizationId } });

describe("the onboarding job", () => {
  it("runs after the 202 and completes", async () => {
    const response = await provision(world.key, requestBody());
    const follower = await waitFor(
      () => followerOf(response.body.orgId),
      (row) => row.onboardingStatus === "COMPLETED",
    );
    expect(follower.onboardingSteps).toHaveLength(5);
    expect(await db().automation.count({ where: { organizationId: response.body.orgId } })).toBe(3);
  });

  it("an attempt that dies mid-run is retried by the queue and converges to one copy of everything", async () => {
    const body = requestBody();
    // The database refuses the second agent of this customer until the refusal is lifted.
    await db().$executeRawUnsafe(
      `INSERT INTO onboarding_refusals_${suffix} VALUES ($1, $2)`,
      world.source.sellerId,
      body.clientSegment,
    );
    const created = await provision(world.key, body);
    expect(created.status).toBe(202);
    const halfway = await waitFor(
      () => followerOf(created.body.orgId),
      (row) => row.onboardingSteps.length >= 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await followerOf(created.body.orgId)).toMatchObject({
      onboardingStatus: "RUNNING",
      onboardingSteps: ["domains", `automation:${world.source.greeterId}`],
    });
    expect(halfway.onboardingStatus).toBe("RUNNING");
    await db().$executeRawUnsafe(`DELETE FROM onboarding_refusals_${suffix} WHERE slug = $1`, body.clientSegment);
    const done = await waitFor(
      () => followerOf(created.body.orgId),
      (row) => row.onboardingStatus === "COMPLETED",
      45_000,
    );
    expect(done.onboardingSteps).toHaveLength(5);
    expect(await db().domain.count({ where: { organizationId: created.body.orgId } })).toBe(2);
    expect(await db().automation.count({ where: { organizationId: created.body.orgId } })).toBe(3);
    expect(await db().automationRevision.count({ where: { automation: { organizationId: created.body.orgId } } })).toBe(
      3,
    );
    expect(await db().automationEntitlement.count({ where: { organizationId: created.body.orgId } })).toBe(3);
  }, 60_000);

  it("after the last retry the follower is FAILED with the reason", async () => {
    const body = requestBody();
    await db().$executeRawUnsafe(
      `INSERT INTO onboarding_refusals_${suffix} VALUES ($1, $2)`,
      world.source.greeterId,
      body.clientSegment,
    );
    const response = await provision(world.key, body);
    const follower = await followerOf(response.body.orgId);
    // The queue's own attempt may run meanwhile: this one plays the last retry.
    const job = {
      id: randomUUID(),
      name: "partner-onboarding",
      data: { followerId: follower.id },
      retryCount: ONBOARDING_RETRY_LIMIT,
    } as Parameters<typeof runOnboardingJob>[0];
    await expect(runOnboardingJob(job)).rejects.toThrow();
    const failed = await followerOf(response.body.orgId);
    expect(failed.onboardingStatus).toBe("FAILED");
    expect(failed.onboardingError).toContain("worker lost its database");
    expect(failed.onboardingSteps).toEqual(["domains"]);
  });
});
