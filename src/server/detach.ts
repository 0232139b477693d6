import { log } from "@/server/log";

/**
 * Starts work on purpose without awaiting it: a background loop, a timer's or an event's
 * callback, a stream writer, where waiting would change when things happen. Its rejection is
 * still handled (logged, with what the work was): left alone it would be an unhandled rejection,
 * which ends a Node process.
 */
export function detach(work: Promise<unknown>, what: string): void {
  work.catch((error: unknown) => log.error(`${what} failed`, { error }));
}
