import { ready, type TDatabase } from "@/server/db/client";
import { detach } from "@/server/detach";
import { log } from "@/server/log";
import { SessionEventListener } from "./bus";
import type { TEventNotification } from "./event-notification";
import { deliver, Following, type TFollowEnd, type TFollower, type TFollowHandle } from "./following";
import { EVENT_PAGE_SIZE, lastSeqsOf, readEventsAfter, type TLoggedEvent } from "./read-events";

export type { TFollowEnd, TFollower, TFollowHandle } from "./following";

/** How often the hub checks every followed session at once (lost notifications, deletions). */
export const SAFETY_SWEEP_MS = 30_000;
// The sweep's one query lists this many session ids at most; more sessions mean more queries.
const SWEEP_CHUNK = 5_000;

/**
 * One followed session: its followers and how far the shared feed has delivered (`head`), with
 * the notified events taken but not yet handed on (`notified`, delivered together).
 */
type TEntry = {
  sessionId: string;
  head: number;
  live: Set<Following>;
  catchingUp: number;
  reading: boolean;
  dirty: boolean;
  notified: TLoggedEvent[];
  /** Events notified while the shared reader read: taken after the read if they come next. */
  heldBack: TLoggedEvent[];
};

/** How the hub reads a session's log (the hub's tests slow it down to race it). */
export type TReadEvents = (sessionId: string, afterSeq: number) => Promise<TLoggedEvent[]>;

/**
 * Counters for tests and the benchmark: how often the hub touched the database, how many
 * events came in their notifications instead (no read), and how many notified events waited for
 * a read in flight.
 */
export type THubStats = {
  sharedReads: number;
  followerReads: number;
  sweeps: number;
  notifiedEvents: number;
  heldBackEvents: number;
};

/**
 * One per process (per database): follows sessions for every reader (SSE streams, MCP waits,
 * flow steps). Each followed session has ONE reader shared by all its followers: a NOTIFY makes
 * the hub read the new events once (`seq > head`, in pages) and hand them to every live
 * follower; a NOTIFY that carries the next event itself is handed on without a read. A
 * follower joining behind the head catches up alone from its own cursor, then joins the shared
 * feed; each delivery is filtered by the follower's cursor, so there is never a gap or a
 * duplicate. Nothing is kept once delivered. With no notifications, nothing is polled per
 * follower: a lost LISTEN connection or the slow safety sweep triggers one catch-up of every
 * followed session (one query of their last seqs, then reads only where the log grew).
 */
export class SessionHub {
  private readonly entries = new Map<string, TEntry>();
  private listener: SessionEventListener | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private closed = false;
  readonly stats: THubStats = { sharedReads: 0, followerReads: 0, sweeps: 0, notifiedEvents: 0, heldBackEvents: 0 };

  private readonly sweepMs: number;
  private readonly readEvents: TReadEvents;

  constructor(
    private readonly database: TDatabase,
    options: { sweepMs?: number; readEvents?: TReadEvents } = {},
  ) {
    this.sweepMs = options.sweepMs ?? SAFETY_SWEEP_MS;
    this.readEvents = options.readEvents ?? readEventsAfter;
  }

  /**
   * Follows `sessionId` from `afterSeq` (exclusive): the follower gets every later event in
   * order. Registration is synchronous; reading happens in the background.
   */
  follow(sessionId: string, afterSeq: number, follower: TFollower): TFollowHandle {
    const following = new Following(this, sessionId, follower, afterSeq);
    if (this.closed) {
      following.closed = true;
      queueMicrotask(() => follower.onEnd?.("closed"));
      return following;
    }
    this.ensureRunning();
    let entry = this.entries.get(sessionId);
    if (!entry) {
      // The first follower sets the head: the shared reader starts from its cursor.
      entry = {
        sessionId,
        head: afterSeq,
        live: new Set(),
        catchingUp: 0,
        reading: false,
        dirty: true,
        notified: [],
        heldBack: [],
      };
      this.entries.set(sessionId, entry);
      entry.live.add(following);
      // Not awaited: follow() hands the follower back now; the shared read delivers when it lands.
      detach(this.pump(entry), "session hub: the first read of a followed session");
    } else if (afterSeq >= entry.head) {
      // Ahead of or at the shared feed: deliveries are filtered by its cursor, no read needed.
      entry.live.add(following);
    } else {
      entry.catchingUp++;
      // Not awaited, like the shared read: this follower's catch-up delivers when it lands.
      detach(this.catchUpAlone(entry, following), "session hub: a follower's catch-up");
    }
    return following;
  }

  /** Resolves once LISTEN is in place (tests wait for it before expecting a wake-up). */
  async listeningReady(): Promise<void> {
    this.ensureRunning();
    await this.listener!.ready;
  }

  /** The LISTEN backend's pid on PostgreSQL, for tests that kill it. */
  listenerPid(): number | null {
    return this.listener?.backendPid() ?? null;
  }

  /** Whether the shared reader of a session is reading now (tests wait for it to settle). */
  isReading(sessionId: string): boolean {
    return this.entries.get(sessionId)?.reading ?? false;
  }

  /** How many sessions and followers are followed now (tests, benchmark). */
  size(): { sessions: number; followers: number } {
    let followers = 0;
    for (const entry of this.entries.values()) followers += entry.live.size + entry.catchingUp;
    return { sessions: this.entries.size, followers };
  }

  /**
   * The process-wide catch-up: one query for the last seq of every followed session; sessions
   * whose log grew are read (once each, shared), deleted ones end their followers. Runs on a
   * LISTEN reconnect and on the safety sweep; tests call it directly.
   */
  async sweep(): Promise<void> {
    this.stats.sweeps++;
    const ids = [...this.entries.keys()];
    for (let start = 0; start < ids.length; start += SWEEP_CHUNK) {
      const chunk = ids.slice(start, start + SWEEP_CHUNK);
      const lastSeqs = await lastSeqsOf(chunk);
      for (const sessionId of chunk) {
        const entry = this.entries.get(sessionId);
        if (!entry) continue;
        const lastSeq = lastSeqs.get(sessionId);
        if (lastSeq === undefined) this.end(entry, "deleted");
        // Not awaited: each grown session reads on its own while the sweep goes on to the next.
        else if (lastSeq > entry.head) detach(this.pump(entry), "session hub: a swept session's read");
        for (const following of entry.live) following.follower.onCatchUp?.();
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const entry of [...this.entries.values()]) this.end(entry, "closed");
    await this.listener?.close();
  }

  private ensureRunning(): void {
    this.listener ??= new SessionEventListener(this.database, {
      onNotify: (notification) => {
        const entry = this.entries.get(notification.sessionId);
        if (!entry) return;
        if (notification.deleted) return this.end(entry, "deleted");
        // Not awaited: a notification handler must not hold up the listener's next notification.
        if (!this.takeNotified(entry, notification)) detach(this.pump(entry), "session hub: a notified session's read");
      },
      onReconnect: () =>
        void this.sweep().catch((error: unknown) =>
          log.warn("session hub catch-up failed; the next sweep retries", { err: (error as Error).message }),
        ),
    });
    if (!this.sweepTimer) {
      this.sweepTimer = setInterval(() => {
        if (this.entries.size > 0)
          void this.sweep().catch((error: unknown) =>
            log.warn("session hub sweep failed", { err: (error as Error).message }),
          );
      }, this.sweepMs);
      this.sweepTimer.unref?.();
    }
  }

  /**
   * A notified event: taken into the shared feed without a read when it comes next (takeNext),
   * or, while a read runs, held back until the read returns (the read may or may not have seen
   * its commit). Anything else (a bare or unreadable notification, a gap) falls back to reading.
   */
  private takeNotified(entry: TEntry, notification: TEventNotification): boolean {
    const event = readNotified(notification);
    if (!event) return false;
    if (entry.reading) {
      this.stats.heldBackEvents++;
      entry.heldBack.push(event);
      return true;
    }
    return this.takeNext(entry, event);
  }

  /**
   * Takes an event into the shared feed when it is exactly the next one: notifications come in
   * commit order, and a session's seqs commit in order under its row lock. The events of one
   * commit arrive together, so they are handed on together, once the events at hand are taken.
   */
  private takeNext(entry: TEntry, event: TLoggedEvent): boolean {
    if (event.seq !== entry.head + 1) return false;
    entry.head = event.seq;
    this.stats.notifiedEvents++;
    entry.notified.push(event);
    if (entry.notified.length === 1) {
      queueMicrotask(() => {
        const events = entry.notified;
        entry.notified = [];
        for (const following of entry.live) deliver(following, events, events[0]!.seq - 1);
      });
    }
    return true;
  }

  /** The shared reader: reads `seq > head` once for all live followers until the log is drained. */
  private async pump(entry: TEntry): Promise<void> {
    entry.dirty = true;
    if (entry.reading) return;
    entry.reading = true;
    try {
      // Reading before LISTEN is in place could miss a commit that lands in between.
      await this.listener!.ready;
      while (entry.dirty && this.entries.get(entry.sessionId) === entry) {
        entry.dirty = false;
        this.stats.sharedReads++;
        const events = await this.readEvents(entry.sessionId, entry.head);
        if (events.length > 0) {
          const before = entry.head;
          entry.head = events.at(-1)!.seq;
          for (const following of entry.live) deliver(following, events, before);
          if (events.length === EVENT_PAGE_SIZE) entry.dirty = true;
        }
        this.takeHeldBack(entry);
      }
    } catch (error) {
      // A failed read is retried on the next notification or sweep; nothing is lost (the
      // held-back events included: the retry's read starts after their commits).
      entry.heldBack = [];
      log.warn("session hub could not read a session's events", {
        sessionId: entry.sessionId,
        err: (error as Error).message,
      });
    } finally {
      entry.reading = false;
    }
  }

  /**
   * After a read, the events notified while it ran: those it returned are dropped, those that
   * continue the feed are taken as if just notified (a stream that connects while its turn is
   * still writing would otherwise read twice). A gap means a commit the read did not see and no
   * notification carried: read again (that read starts after every held-back commit).
   */
  private takeHeldBack(entry: TEntry): void {
    const held = entry.heldBack;
    entry.heldBack = [];
    for (const event of held) {
      if (event.seq > entry.head && !this.takeNext(entry, event)) {
        entry.dirty = true;
        return;
      }
    }
  }

  /** A follower behind the shared feed reads its own backlog, then joins the feed. */
  private async catchUpAlone(entry: TEntry, following: Following): Promise<void> {
    try {
      await this.listener!.ready;
      while (!following.closed && following.cursor < entry.head) {
        this.stats.followerReads++;
        const events = await this.readEvents(entry.sessionId, following.cursor);
        if (following.closed) return;
        if (events.length === 0) break;
        deliver(following, events, following.cursor);
      }
      if (following.closed) return;
      if (this.entries.get(entry.sessionId) !== entry) {
        // The sweep found the session deleted (or the hub closed) while this follower read.
        following.closed = true;
        following.follower.onEnd?.(this.closed ? "closed" : "deleted");
        return;
      }
      // Synchronously with the check above: no shared delivery can slip between them.
      entry.live.add(following);
    } catch (error) {
      log.warn("session hub could not catch a follower up", {
        sessionId: entry.sessionId,
        err: (error as Error).message,
      });
      following.closed = true;
      following.follower.onEnd?.("error");
    } finally {
      entry.catchingUp--;
      if (entry.live.size === 0 && entry.catchingUp === 0 && this.entries.get(entry.sessionId) === entry)
        this.entries.delete(entry.sessionId);
    }
  }

  /** A follower's close (its handle calls it). */
  leave(following: Following): void {
    if (following.closed) return;
    following.closed = true;
    const entry = this.entries.get(following.sessionId);
    if (!entry) return;
    entry.live.delete(following);
    // The hub keeps nothing for a session nobody follows.
    if (entry.live.size === 0 && entry.catchingUp === 0) this.entries.delete(following.sessionId);
  }

  private end(entry: TEntry, reason: TFollowEnd): void {
    this.entries.delete(entry.sessionId);
    for (const following of entry.live) {
      following.closed = true;
      following.follower.onEnd?.(reason);
    }
    entry.live.clear();
  }
}

/** The event a notification carries, or undefined (bare, or unreadable: the log is read instead). */
function readNotified(notification: TEventNotification): TLoggedEvent | undefined {
  try {
    return notification.event();
  } catch (error) {
    log.warn("session hub could not read a notification's event; reading the log", {
      sessionId: notification.sessionId,
      err: (error as Error).message,
    });
    return undefined;
  }
}

// Next.js loads route bundles separately: one hub per process (and per database, for tests).
const holder = globalThis as typeof globalThis & { __sessionHubs?: WeakMap<TDatabase, SessionHub> };

/** The process's hub for its current database. */
export async function sessionHub(): Promise<SessionHub> {
  const database = await ready();
  holder.__sessionHubs ??= new WeakMap();
  let hub = holder.__sessionHubs.get(database);
  if (!hub) {
    hub = new SessionHub(database);
    holder.__sessionHubs.set(database, hub);
  }
  return hub;
}
