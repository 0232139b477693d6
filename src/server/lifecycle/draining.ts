/**
 * Whether this process is shutting down, and what must end when it starts to: open SSE
 * streams end with a `retry:` line so their clients reconnect (through a load balancer, to
 * another process) and resume with Last-Event-ID. One state per process, shared by every
 * bundle Next.js builds (hence globalThis, as db/client.ts does).
 */
type TDrainState = { draining: boolean; enders: Set<() => void> };

const holder = globalThis as typeof globalThis & { __serviceDrain?: TDrainState };

function state(): TDrainState {
  return (holder.__serviceDrain ??= { draining: false, enders: new Set() });
}

export function isDraining(): boolean {
  return state().draining;
}

/**
 * Registers something to end when the process starts draining; returns its unregistration.
 * Registered after draining began, it ends at once (a stream opened on a keep-alive connection
 * during shutdown still tells its client to go elsewhere).
 */
export function onDrain(end: () => void): () => void {
  const drain = state();
  if (drain.draining) {
    end();
    return () => undefined;
  }
  drain.enders.add(end);
  return () => drain.enders.delete(end);
}

/** Starts draining: every registered ender runs once. Idempotent. */
export function startDraining(): number {
  const drain = state();
  if (drain.draining) return 0;
  drain.draining = true;
  const enders = [...drain.enders];
  drain.enders.clear();
  for (const end of enders) end();
  return enders.length;
}
