/**
 * The browser's twin of src/server/detach.ts (which writes to stderr, and the browser has none):
 * an event handler or effect cannot await the work it starts, yet its rejection must not go
 * unhandled. It is logged to the console, the browser's log.
 */
export function detach(work: Promise<unknown>, what: string): void {
  work.catch((error: unknown) => console.error(`${what} failed`, error));
}
