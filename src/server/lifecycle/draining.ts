/**
 * Whether this process is shutting down, and what must end when it starts to: open SSE
 * streams end with a `retry:` line so their clients reconnect (through a load balancer, to
 * another process) and resume with Last-Event-ID. One state per process, shared by every
 * bundle Next.js builds (hence globalThis, as db/client.ts does).
 */
/** Something that ends when the process starts draining; an object, so a held stream needs no closure for it. */
export type TDrainable = { drain(): void };

type TDrainState = { draining: boolean; drainables: Set<TDrainable> };

const holder = globalThis as typeof globalThis & { __serviceDrain?: TDrainState };

function state(): TDrainState {
  return (holder.__serviceDrain ??= { draining: false, drainables: new Set() });
}

export function isDraining(): boolean {
  return state().draining;
}

/**
 * Registers something to end when the process starts draining, until offDrain. Registered after
 * draining began, it ends at once (a stream opened on a keep-alive connection during shutdown
 * still tells its client to go elsewhere).
 */
export function onDrain(drainable: TDrainable): void {
  const drain = state();
  if (drain.draining) drainable.drain();
  else drain.drainables.add(drainable);
}

export function offDrain(drainable: TDrainable): void {
  state().drainables.delete(drainable);
}

/** Starts draining: every registered drainable ends once. Idempotent. */
export function startDraining(): number {
  const drain = state();
  if (drain.draining) return 0;
  drain.draining = true;
  const drainables = [...drain.drainables];
  drain.drainables.clear();
  for (const drainable of drainables) drainable.drain();
  return drainables.length;
}
