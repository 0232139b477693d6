import pg from "pg";
import type { TDatabase } from "@/server/db/client";
import { detach } from "@/server/detach";
import { log } from "@/server/log";
import { parseEventNotification, type TEventNotification } from "./event-notification";
import { SESSION_EVENTS_CHANNEL } from "./event-types";

// A lost LISTEN connection is retried after this; the hub's catch-up covers the gap.
const RECONNECT_DELAY_MS = 2_000;

export type TListenerHandlers = {
  /** A session's log grew, by the event when it fit in the NOTIFY (event-notification.ts). */
  onNotify: (notification: TEventNotification) => void;
  /** LISTEN is back after a loss: anything committed meanwhile was not notified. */
  onReconnect: () => void;
};

/**
 * The process's one LISTEN on the session events channel: a dedicated `pg` connection on
 * PostgreSQL (reconnected when it drops), `pglite.listen` on the embedded database (which
 * cannot drop). A notification that carries its event spares an up-to-date reader a read; the
 * log stays the record (a lost or bare notification is caught up by reading it).
 */
export class SessionEventListener {
  private stop: (() => Promise<void>) | null = null;
  private closed = false;
  private client: pg.Client | null = null;
  /** Resolves once the first LISTEN is in place (or failed: the reconnect catch-up covers it). */
  readonly ready: Promise<void>;

  constructor(
    private readonly database: TDatabase,
    private readonly handlers: TListenerHandlers,
  ) {
    this.ready = this.listen(false);
  }

  /** The listening backend's pid on PostgreSQL (tests terminate it to simulate a drop). */
  backendPid(): number | null {
    const pid = (this.client as unknown as { processID?: number } | null)?.processID;
    return typeof pid === "number" ? pid : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    const stop = this.stop;
    this.stop = null;
    await stop?.().catch(() => undefined);
  }

  private notify(payload: string): void {
    this.handlers.onNotify(parseEventNotification(payload));
  }

  private async listen(reconnect: boolean): Promise<void> {
    if (this.database.pglite) {
      const unlisten = await this.database.pglite.listen(SESSION_EVENTS_CHANNEL, (payload) => this.notify(payload));
      this.stop = async () => unlisten();
      return;
    }
    await this.listenPostgres(reconnect);
  }

  private async listenPostgres(reconnect: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.connectionString });
    let lost = false;
    const retry = (error?: Error) => {
      if (lost || this.closed) return;
      lost = true;
      log.warn("session event listener lost its connection; catching up when it is back", { err: error?.message });
      this.client = null;
      client.removeAllListeners();
      client.on("error", () => undefined);
      void client.end().catch(() => undefined);
      // A timer's callback cannot await: the reconnect runs on its own (and retries itself on failure).
      setTimeout(() => {
        if (!this.closed) detach(this.listenPostgres(true), "session event listener: reconnecting");
      }, RECONNECT_DELAY_MS).unref?.();
    };
    this.stop = async () => {
      lost = true;
      client.removeAllListeners();
      client.on("error", () => undefined);
      await client.end();
    };
    client.on("notification", (message) => {
      if (message.channel === SESSION_EVENTS_CHANNEL && message.payload) this.notify(message.payload);
    });
    client.on("error", retry);
    client.on("end", () => retry());
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_EVENTS_CHANNEL}`);
      this.client = client;
      if (reconnect) this.handlers.onReconnect();
    } catch (error) {
      retry(error as Error);
    }
  }
}
