import { log } from "@/server/log";
import type { TLoggedEvent } from "./read-events";

export type TFollowEnd = "deleted" | "closed" | "error";

/** What a follower of a session gets; every callback runs synchronously inside the hub. */
export type TFollower = {
  /** The session's events strictly after this follower's cursor, in seq order, never repeated. */
  onEvents: (events: readonly TLoggedEvent[]) => void;
  /** The follow is over: the session was deleted, the hub closed, or the catch-up failed. */
  onEnd?: (reason: TFollowEnd) => void;
  /** A process-wide catch-up ran (LISTEN came back, or the safety sweep): events may have been missed by notifications. */
  onCatchUp?: () => void;
};

/** A follower's place in the hub. `cursor` is the last seq it was given (its Last-Event-ID). */
export type TFollowHandle = { readonly cursor: number; close: () => void };

/**
 * A follower's place in the hub, and its handle: one object per follower, with no closures (a
 * process holds 10,000 of them for held streams). The follower is kept, not copied, so a class
 * instance with prototype methods can follow.
 */
export class Following implements TFollowHandle {
  closed = false;

  constructor(
    private readonly hub: { leave(following: Following): void },
    readonly sessionId: string,
    readonly follower: TFollower,
    public cursor: number,
  ) {}

  close(): void {
    this.hub.leave(this);
  }
}

/** Hands a follower the part of `events` after its cursor (events start after `from`). */
export function deliver(following: Following, events: readonly TLoggedEvent[], from: number): void {
  if (following.closed) return;
  const fresh = following.cursor <= from ? events : events.filter((event) => event.seq > following.cursor);
  if (fresh.length === 0) return;
  following.cursor = fresh.at(-1)!.seq;
  try {
    following.follower.onEvents(fresh);
  } catch (error) {
    log.warn("a session follower failed on delivery", { err: (error as Error).message });
  }
}
