import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import { env } from "@/server/env";

/**
 * What decides whether this process takes more executions. A turn waiting on a model or a tool
 * holds no CPU and no database connection (its statements borrow one from the pool and give it
 * back), so there is no slot count: the bounds are what is really scarce. In flight: memory (a
 * turn costs tens of kilobytes), capped by ENGINE_MAX_IN_FLIGHT. CPU shows as event-loop delay:
 * past ENGINE_MAX_LOOP_DELAY_MS the engine takes no new work until it recovers. Heap: past 85%
 * of the heap limit likewise.
 *
 * A lagging loop never stops the engine altogether: up to KEPT_WHEN_BUSY executions still run.
 * In the web process the lag is mostly intake (opens, fires, streams), and an engine that took
 * nothing while requests arrived completed fewer executions the more were offered (at 120
 * fires/s a one-step flow completed 38/s, against 56/s at 80/s): the backlog grew while the
 * accepted work waited. The few kept running finish that work; the cap keeps the rest out.
 */
/** Executions a busy process still keeps running (see Admission). */
export const KEPT_WHEN_BUSY = 32;

export class Admission {
  private running = 0;
  private readonly delay: IntervalHistogram;
  private lastDelayMs = 0;
  private readonly sampler: NodeJS.Timeout;

  constructor(readonly maxInFlight = env.ENGINE_MAX_IN_FLIGHT) {
    this.delay = monitorEventLoopDelay({ resolution: 20 });
    this.delay.enable();
    // The last second's p99, read once a second: a burst of CPU work shows within a second.
    this.sampler = setInterval(() => {
      this.lastDelayMs = this.delay.percentile(99) / 1e6;
      this.delay.reset();
    }, 1000);
    this.sampler.unref();
  }

  get inFlight(): number {
    return this.running;
  }

  /** The event loop's p99 delay over the last second, in ms. */
  get loopDelayMs(): number {
    return this.lastDelayMs;
  }

  /**
   * How many more executions may start now: up to the in-flight bound; while the loop lags, only
   * up to KEPT_WHEN_BUSY running; none while the heap is nearly full.
   */
  room(): number {
    const heap = getHeapStatistics();
    if (heap.used_heap_size > heap.heap_size_limit * 0.85) return 0;
    const bound =
      this.loopDelayMs > env.ENGINE_MAX_LOOP_DELAY_MS ? Math.min(KEPT_WHEN_BUSY, this.maxInFlight) : this.maxInFlight;
    return Math.max(0, bound - this.running);
  }

  /** Whether room() is 0 only because the process is busy (it recovers without a finished job). */
  get pressured(): boolean {
    return this.running < this.maxInFlight && this.room() === 0;
  }

  started(): void {
    this.running++;
  }

  finished(): void {
    this.running--;
  }

  close(): void {
    clearInterval(this.sampler);
    this.delay.disable();
  }
}
