// `npm run fixtures -- [--base-url URL] [--http-target URL] [--out FILE] [--force]`
// Builds a fresh fixture world (../shared/FIXTURES.md) and prints its JSON document.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { env } from "@/server/env";
import type { TFixtureWorld } from "@/server/services/fixtures/world-types";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    "http-target": { type: "string", default: "http://127.0.0.1:4010" },
    out: { type: "string" },
    force: { type: "boolean", default: false },
  },
});
const baseUrl = values["base-url"]!.replace(/\/$/, "");
const httpTarget = values["http-target"]!.replace(/\/$/, "");

async function serviceAnswers(): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3_000) });
    return response.status === 200 || response.status === 503;
  } catch {
    return false;
  }
}

/** The embedded folder belongs to the running service, so ask it to build the world. */
async function buildThroughService(): Promise<TFixtureWorld> {
  const response = await fetch(`${baseUrl}/api/internal/fixtures`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ baseUrl, httpTarget }),
  });
  if (response.status === 404) {
    throw new Error(
      `The service at ${baseUrl} refuses to build fixtures: start it with ALLOW_FIXTURES=1, or stop it to use the database directly.`,
    );
  }
  if (!response.ok) throw new Error(`The service at ${baseUrl} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as TFixtureWorld;
}

async function buildDirectly(): Promise<TFixtureWorld> {
  const { migrateDatabase, openDatabase, useDatabase } = await import("@/server/db/client");
  const { buildWorld } = await import("@/server/services/fixtures/build-world");
  const { startQueue, stopQueue } = await import("@/server/jobs/queue");
  const database = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database);
    useDatabase(database);
    // Provisioning the partner's follower queues its onboarding job (the world runs it at once;
    // the job, found later by the service, finds nothing left to do).
    if (!(await startQueue(database))) throw new Error("The job queue did not start on this database.");
    return await buildWorld({ baseUrl, httpTarget });
  } finally {
    await stopQueue();
    await database.close();
  }
}

async function main() {
  if (env.NODE_ENV === "production" && !values.force) {
    throw new Error("Refusing to create fixtures with NODE_ENV=production; pass --force if you really mean it.");
  }
  const useService = await serviceAnswers();
  process.stderr.write(
    useService
      ? `Building the fixture world through ${baseUrl}\n`
      : "No service answers; building the fixture world in the database directly\n",
  );
  const world = useService ? await buildThroughService() : await buildDirectly();
  const json = `${JSON.stringify(world, null, 2)}\n`;
  if (values.out) {
    writeFileSync(values.out, json);
    process.stderr.write(`Wrote ${values.out}\n`);
  } else {
    process.stdout.write(json);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`fixtures: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
