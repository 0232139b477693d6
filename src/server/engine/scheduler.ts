import { log } from "@/server/log";
import { fireDueSchedules } from "@/server/services/triggers/fire-due-schedules";

/** How often an engine process looks for due schedule triggers: cron has minute granularity. */
export const SCHEDULER_TICK_MS = 5_000;

const holder = globalThis as typeof globalThis & { __serviceScheduler?: { timer: NodeJS.Timeout; running: boolean } };

/**
 * Starts the schedule ticker in an engine process (the web process with ENGINE_IN_PROCESS and
 * `npm run worker`). Every engine process ticks; the compare-and-set claim in fireDueSchedules
 * makes one of them fire each slot. A local timer rather than a pg-boss schedule: pg-boss checks
 * its schedules only every 30 s, and a firing should land within seconds of its minute. Tests
 * start the engine without it and call fireDueSchedules themselves.
 */
export function startScheduler(): void {
  if (holder.__serviceScheduler) return;
  const state = { running: false, timer: undefined as unknown as NodeJS.Timeout };
  state.timer = setInterval(() => {
    if (state.running) return; // a slow tick is not overlapped by the next one
    state.running = true;
    fireDueSchedules()
      .catch((error: unknown) => log.error("schedule tick failed", { error }))
      .finally(() => (state.running = false));
  }, SCHEDULER_TICK_MS);
  state.timer.unref();
  holder.__serviceScheduler = state;
}

export function stopScheduler(): void {
  if (!holder.__serviceScheduler) return;
  clearInterval(holder.__serviceScheduler.timer);
  holder.__serviceScheduler = undefined;
}
