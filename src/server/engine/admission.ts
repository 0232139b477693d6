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
 */
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

  /** How many more executions may start now (0 while the loop lags or the heap is nearly full). */
  room(): number {
    if (this.lastDelayMs > env.ENGINE_MAX_LOOP_DELAY_MS) return 0;
    const heap = getHeapStatistics();
    if (heap.used_heap_size > heap.heap_size_limit * 0.85) return 0;
    return Math.max(0, this.maxInFlight - this.running);
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
