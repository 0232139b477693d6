import { signingSecret } from "@/server/auth/signing-secret";
import { ready } from "@/server/db/client";
import { startQueue } from "@/server/jobs/queue";
import { startScheduler } from "@/server/engine/scheduler";
import { registerWorkers } from "@/server/engine/workers";
import { env, missingProductionSecrets, publicBaseUrl } from "@/server/env";
import { installWebShutdown } from "@/server/lifecycle/shutdown";
import { log } from "@/server/log";
import { createFirstAccount } from "@/server/services/bootstrap/first-start";
import { refuseUnfetchableMethods } from "@/server/lifecycle/unfetchable-methods";

const holder = globalThis as typeof globalThis & { __serviceStarted?: Promise<void> };

/**
 * Everything a process does once before serving: migrate, make sure the signing secret
 * exists, create the first account on an empty database, start the job queue, and (when the
 * engine runs in this process) its workers.
 */
export function startServer(): Promise<void> {
  holder.__serviceStarted ??= (async () => {
    refuseUnfetchableMethods();
    const missing = missingProductionSecrets();
    if (missing.length) {
      throw new Error(
        `Invalid configuration: ${missing.join(" and ")} must be set in production with DATABASE_URL (see .env.example).`,
      );
    }
    const database = await ready();
    await signingSecret();
    const account = await createFirstAccount(env.BOOTSTRAP_EMAIL);
    if (account) {
      // Printed once, on the first start of an empty database: nowhere else holds the password.
      process.stdout.write(
        [
          "",
          "First start: created an organization, a domain and its Owner.",
          `  Sign in at ${publicBaseUrl()}/signin`,
          `  Email:     ${account.email}`,
          `  Password:  ${account.password}`,
          "Keep the password now: this message is not shown again.",
          "",
        ].join("\n") + "\n",
      );
    }
    // Every process sends jobs (a 202 queues work); only engine processes also work them.
    const boss = await startQueue(database);
    if (boss && env.ENGINE_IN_PROCESS) {
      await registerWorkers(boss);
      startScheduler();
    }
    // SIGTERM: streams end with retry, requests and the engine's jobs drain (docs/scale-out.md).
    installWebShutdown();
    log.info("service ready", { database: database.kind, baseUrl: publicBaseUrl() });
  })();
  return holder.__serviceStarted;
}
