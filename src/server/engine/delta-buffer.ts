/**
 * When buffered text is written: once it reaches `maxChars`, or `intervalMs` after the first
 * delta buffered since the last write. Mutable so tests can make batching depend on size alone.
 */
export const deltaFlush = { maxChars: 2_048, intervalMs: 40 };

/**
 * Coalesces a model's streamed text deltas into fewer `message.delta` events: every event is a
 * transaction (session seq, event row, NOTIFY), and providers stream a few characters at a time.
 * Writes run one at a time, in order, each taking everything buffered when it starts, so the
 * concatenation of the written texts is exactly the concatenation of the pushed ones.
 * `close()` (or `take()`) must be awaited before the turn writes any other event: it cancels
 * the timer and writes (hands back) what is left, which keeps the deltas before whatever
 * follows them in the log.
 */
export class DeltaBuffer {
  private pending = "";
  private timer: ReturnType<typeof setTimeout> | null = null;
  private tail: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private closed = false;
  /** How many events were written (a turn that wrote none still owes its answer's text). */
  written = 0;

  constructor(
    private readonly write: (text: string) => Promise<void>,
    private readonly settings: { maxChars: number; intervalMs: number } = deltaFlush,
  ) {}

  /** Buffers a delta; waits for a write only when the buffer is full (back-pressure on the model). */
  async push(text: string): Promise<void> {
    this.throwIfFailed();
    if (this.closed) throw new Error("DeltaBuffer: push after close");
    if (!text) return;
    this.pending += text;
    if (this.pending.length >= this.settings.maxChars) {
      await this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        // Not lost: close() (always awaited by the turn) and the next push rethrow the failure.
        this.flush().catch(() => undefined);
      }, this.settings.intervalMs);
      this.timer.unref?.();
    }
  }

  /** Writes what is buffered, after any write already under way. */
  flush(): Promise<void> {
    this.cancelTimer();
    const next = this.tail.then(async () => {
      this.throwIfFailed();
      const text = this.pending;
      if (!text) return;
      this.pending = "";
      try {
        await this.write(text);
        this.written++;
      } catch (error) {
        this.failure ??= error;
        throw error;
      }
    });
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Writes the rest and refuses further deltas; rethrows a failed earlier write. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  /**
   * Like close(), but hands the rest back instead of writing it, once every earlier write has
   * finished: the caller writes it as the first event of its own next transaction.
   */
  async take(): Promise<string> {
    this.closed = true;
    this.cancelTimer();
    await this.tail;
    this.throwIfFailed();
    const text = this.pending;
    this.pending = "";
    return text;
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure;
  }
}
