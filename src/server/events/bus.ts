import pg from "pg";
import { ready, type TDatabase } from "@/server/db/client";
import { log } from "@/server/log";
import { SESSION_EVENTS_CHANNEL } from "./event-types";

type TWake = () => void;

// A lost LISTEN connection is retried after this; the streams' safety poll covers the gap.
const RECONNECT_DELAY_MS = 2_000;

/**
 * Wakes the streams of one process when a session's event log grows. One LISTEN per process
 * (a dedicated `pg` connection on PostgreSQL, `pglite.listen` on the embedded database), fanned
 * out to the subscribers of each session. Notifications are only hints: a stream always reads
 * the log, and polls it anyway, so a lost notification delays an event, never loses it.
 */
export class SessionEventBus {
  private readonly subscribers = new Map<string, Set<TWake>>();
  private listening: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(private readonly database: TDatabase) {}

  /** Calls `wake` whenever `sessionId`'s log may have grown; returns the unsubscribe function. */
  subscribe(sessionId: string, wake: TWake): () => void {
    let set = this.subscribers.get(sessionId);
    if (!set) {
      set = new Set();
      this.subscribers.set(sessionId, set);
    }
    set.add(wake);
    this.listening ??= this.listen();
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.subscribers.get(sessionId) === set) this.subscribers.delete(sessionId);
    };
  }

  /** Resolves once the LISTEN is in place (tests wait for it before expecting a wake-up). */
  async listeningReady(): Promise<void> {
    await (this.listening ??= this.listen());
  }

  async close(): Promise<void> {
    this.closed = true;
    const stop = this.stop;
    this.stop = null;
    await stop?.().catch(() => undefined);
  }

  private dispatch(sessionId: string): void {
    for (const wake of this.subscribers.get(sessionId) ?? []) wake();
  }

  private wakeAll(): void {
    for (const set of this.subscribers.values()) for (const wake of set) wake();
  }

  private async listen(): Promise<void> {
    if (this.database.pglite) {
      const unlisten = await this.database.pglite.listen(SESSION_EVENTS_CHANNEL, (payload) => this.dispatch(payload));
      this.stop = async () => unlisten();
      return;
    }
    await this.listenPostgres();
  }

  private async listenPostgres(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.connectionString });
    const retry = () => {
      if (this.closed || this.stop !== stop) return;
      this.stop = null;
      setTimeout(() => {
        if (!this.closed) this.listening = this.listenPostgres().catch(() => undefined);
      }, RECONNECT_DELAY_MS).unref?.();
    };
    const stop = async () => {
      client.removeAllListeners();
      await client.end();
    };
    this.stop = stop;
    client.on("notification", (message) => {
      if (message.channel === SESSION_EVENTS_CHANNEL && message.payload) this.dispatch(message.payload);
    });
    client.on("error", (error) => {
      log.warn("session event listener lost its connection; streams poll until it is back", { err: error.message });
      void client.end().catch(() => undefined);
      retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_EVENTS_CHANNEL}`);
      // Anything committed while we were not listening is found by reading the log now.
      this.wakeAll();
    } catch (error) {
      log.warn("session event listener could not connect; streams poll until it can", { err: (error as Error).message });
      void client.end().catch(() => undefined);
      retry();
    }
  }
}

// Next.js loads route bundles separately: one bus per process (and per database, for tests).
const holder = globalThis as typeof globalThis & { __sessionEventBuses?: WeakMap<TDatabase, SessionEventBus> };

/** The process's bus for its current database. */
export async function sessionEventBus(): Promise<SessionEventBus> {
  const database = await ready();
  holder.__sessionEventBuses ??= new WeakMap();
  let bus = holder.__sessionEventBuses.get(database);
  if (!bus) {
    bus = new SessionEventBus(database);
    holder.__sessionEventBuses.set(database, bus);
  }
  return bus;
}
