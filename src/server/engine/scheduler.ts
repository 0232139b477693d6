import { detach } from "@/server/detach";
import { log } from "@/server/log";
import { fireDueSchedules } from "@/server/services/triggers/fire-due-schedules";
import { sweepAssistantApprovals } from "./assistant-action-jobs";
import { sweepExpiredTurns } from "./recovery";
import { sweepWebhookDeliveries } from "./webhook-delivery";

// Cron has minute granularity, so every firing is due on a minute's boundary: a look just after
// each boundary finds each slot as soon as it is due. A little after it, so the clock has passed it.
const AFTER_THE_MINUTE_MS = 200;

/** What an engine process does once a minute; each is safe to run in several processes at once. */
const EVERY_MINUTE: Array<[string, () => Promise<unknown>]> = [
  ["schedule tick", () => fireDueSchedules()],
  // Turns past their deadline or queue bound (recovery.ts).
  ["turn sweep", () => sweepExpiredTurns()],
  // Webhook deliveries whose job was lost.
  ["webhook delivery sweep", () => sweepWebhookDeliveries()],
  // Approvals past their TTL, approved actions whose job was lost.
  ["approval sweep", () => sweepAssistantApprovals()],
];

const holder = globalThis as typeof globalThis & {
  __serviceScheduler?: { timer: NodeJS.Timeout | undefined; stopped: boolean };
};

function untilNextMinute(now = Date.now()): number {
  return 60_000 - (now % 60_000) + AFTER_THE_MINUTE_MS;
}

async function everyMinute(): Promise<void> {
  for (const [what, run] of EVERY_MINUTE) await run().catch((error: unknown) => log.error(`${what} failed`, { error }));
}

/**
 * Starts the minute ticker in an engine process (the web process with ENGINE_IN_PROCESS and
 * `npm run worker`): at start, then just after each minute's boundary, never in between (an idle
 * service's statements). It fires due schedule triggers and runs the minute sweeps. Every engine
 * process ticks: the compare-and-set claim in fireDueSchedules makes one of them fire each slot,
 * and each sweep settles a row with a compare-and-set too. A local timer rather than pg-boss's
 * cron: that checks its schedules only every 30 s, and a firing should land within seconds of its
 * minute. Tests start the engine without it and call what it runs themselves.
 */
export function startScheduler(): void {
  if (holder.__serviceScheduler) return;
  const state: { timer: NodeJS.Timeout | undefined; stopped: boolean } = { timer: undefined, stopped: false };
  const tick = (): void => {
    const ticked = everyMinute().finally(() => {
      // The next tick is set when this one ends, so a slow tick is never overlapped.
      if (state.stopped) return;
      state.timer = setTimeout(tick, untilNextMinute());
      state.timer.unref();
    });
    detach(ticked, "The minute ticker");
  };
  holder.__serviceScheduler = state;
  tick();
}

export function stopScheduler(): void {
  const state = holder.__serviceScheduler;
  if (!state) return;
  state.stopped = true;
  clearTimeout(state.timer);
  holder.__serviceScheduler = undefined;
}
