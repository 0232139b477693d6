import type { PgBoss } from "pg-boss";
import { env } from "@/server/env";
import { detach } from "@/server/detach";
import { log } from "@/server/log";

type TWake = () => void;
/** Per queue: ms until its earliest queued job is due (0 or less: due now), and until its earliest not yet due. */
type TDueRow = { name: string; in_ms: number | string; later_in_ms: number | string | null };

/**
 * Wakes this process's job workers when queued work comes due, so no worker polls on a period.
 * A job queued for now wakes its workers by NOTIFY at commit; what NOTIFY cannot announce is a
 * job that comes due later (a retry after its delay, a webhook's next attempt) or a wake-up that
 * was lost. For those one statement reads, for every queue this process works, how long until its
 * earliest queued job is due; queues with a job due now are woken, and the next look is set for
 * the earliest later one, or after ENGINE_IDLE_POLL_SECONDS (the backstop) when none is nearer.
 * Work this process queues for later says so (expectJobsAt), so its look comes at that time.
 * An idle engine process so costs one statement a backstop period instead of a fetch per queue
 * worker every second or two.
 */
class DueWakes {
  private readonly wakes = new Map<string, TWake[]>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  // Times this process said jobs come due, still ahead: a look before one of them commits its job
  // must not forget it.
  private expected: number[] = [];
  private stopped = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly schema: string,
  ) {}

  register(queue: string, wake: TWake): void {
    this.wakes.set(queue, [...(this.wakes.get(queue) ?? []), wake]);
  }

  /** A job comes due at `at` (epoch ms): look then, and remember it past any earlier look. */
  expect(at: number): void {
    if (at > Date.now()) this.expected.push(at);
    this.lookAt(at);
  }

  /** Looks at `at` (epoch ms) unless a look is already set before it. */
  private lookAt(at: number): void {
    if (this.stopped || at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    // look() never rejects (it logs its own failure); detach only says so.
    this.timer = setTimeout(() => detach(this.look(), "Looking for due jobs"), Math.max(0, at - Date.now()));
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async look(): Promise<void> {
    this.timerAt = Number.POSITIVE_INFINITY;
    const started = Date.now();
    this.expected = this.expected.filter((at) => at > started);
    let next = this.expected.reduce(
      (earliest, at) => Math.min(earliest, at),
      started + env.ENGINE_IDLE_POLL_SECONDS * 1000,
    );
    try {
      for (const { name, in_ms, later_in_ms } of await this.dueTimes()) {
        const wait = Number(in_ms);
        if (wait <= 0) for (const wake of this.wakes.get(name) ?? []) wake();
        // A queue with a job due now may hold another due later (several retries queued a moment
        // apart): the next look is for that one too. A few ms late rather than early: a look just
        // before the due time finds nothing to fetch.
        const later = wait > 0 ? wait : later_in_ms === null ? null : Number(later_in_ms);
        if (later !== null) next = Math.min(next, Date.now() + later + 5);
      }
    } catch (error) {
      log.warn("Engine: reading when queued jobs come due failed; looking again at the backstop.", { error });
    }
    this.lookAt(next);
  }

  /** Per queue with queued jobs, by the database's clock. */
  private async dueTimes(): Promise<TDueRow[]> {
    const schema = `"${this.schema.replaceAll('"', '""')}"`;
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT name, EXTRACT(EPOCH FROM min(start_after) - now()) * 1000 AS in_ms,
         EXTRACT(EPOCH FROM min(start_after) FILTER (WHERE start_after > now()) - now()) * 1000 AS later_in_ms
       FROM ${schema}.job WHERE name = ANY($1::text[]) AND state < 'active' GROUP BY name`,
      [[...this.wakes.keys()]],
    );
    return rows as TDueRow[];
  }
}

const holder = globalThis as typeof globalThis & { __serviceDueWakes?: DueWakes };

/**
 * Starts this process's due wake-ups for a started queue (engine/workers.ts registers every
 * worker on it, then looks once: jobs may be due already); they stop with the queue.
 */
export function startDueWakes(boss: PgBoss, schema: string): { register(queue: string, wake: TWake): void } {
  holder.__serviceDueWakes?.stop();
  const wakes = new DueWakes(boss, schema);
  holder.__serviceDueWakes = wakes;
  boss.once("stopped", () => wakes.stop());
  return wakes;
}

/**
 * This process queued (or the queue will retry) a job due at `at`: its workers here look then.
 * A no-op in a process that works no queue; another process's jobs are found by its own look.
 */
export function expectJobsAt(at: Date | number): void {
  holder.__serviceDueWakes?.expect(typeof at === "number" ? at : at.getTime());
}
