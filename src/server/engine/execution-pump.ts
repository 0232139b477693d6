import type { JobWithMetadata, PgBoss } from "pg-boss";
import { env } from "@/server/env";
import { expectJobsAt } from "@/server/jobs/due-wakes";
import { EXECUTION_RETRY_DELAY_SECONDS, TURN_JOB_RETRY_LIMIT, type TExecutionJobData } from "@/server/jobs/queues";
import { detach } from "@/server/detach";
import { log } from "@/server/log";
import { timedJob } from "@/server/observability/metrics";
import type { Admission } from "./admission";
import { AttemptStopped } from "@/server/execution/attempt-stopped";
import { JobCompletions, waitUntil } from "./job-completions";
import { failInterruptedTurn } from "./recovery";
import { RETRY_WAKE } from "./execution-wake";
import { warmQueueTables } from "@/server/jobs/queue";

/** Runs one attempt of an execution; `signal` fires when the attempt must stop (see below). */
export type TRunExecution = (turnId: string, signal: AbortSignal) => Promise<void>;

type TAttempt = { job: JobWithMetadata<TExecutionJobData>; stop: AbortController; touchedAt: number };

// Jobs one fetch takes at most: a burst is started in a few round trips, none of them huge.
const FETCH_BATCH = 100;
/**
 * The least time between two fetches, and between two job completions, of one pump: a quiet
 * engine fetches and completes at once, a busy one takes (and completes) what arrived meanwhile in
 * one statement each instead of one per job. It adds at most this much to a job's start, and only
 * under load (docs/decisions.md, "The queue's statements under load").
 */
const QUEUE_STATEMENT_SPACING_MS = 20;

/**
 * Takes one queue's execution jobs and runs them concurrently, as many as `admission` allows,
 * instead of one pg-boss worker per slot: a turn waiting on its model holds a promise, not a
 * worker. A fetch happens when a wake-up arrives (execution-wake.ts), when an attempt ends and
 * work may be waiting, and when a job queued for later comes due (jobs/due-wakes.ts): never on a
 * period of its own.
 *
 * Fairness: while the queue holds more than this process can take, each fetch first takes work
 * of organizations running fewer than a fair share of executions (pg-boss's groupConcurrency,
 * counted across the deployment), then fills what is left in queue order. So one organization's
 * backlog delays another's fresh turn by one fetch, and with no contention a single busy
 * organization still gets every process's whole capacity (adding a worker adds capacity).
 * ENGINE_ORG_CONCURRENCY > 0 is an operator's hard cap on top.
 *
 * An attempt stops (its signal fires) before its job can run again anywhere: when its heartbeat
 * is refused (the claim moved on), when no heartbeat has been accepted for most of the
 * heartbeat window (the database may already consider it dead), and before the job's expiry.
 */
export class ExecutionPump {
  private readonly attempts = new Map<string, TAttempt>();
  // Jobs that end together are completed in one statement (a busy engine ends many at once).
  private readonly completions = new JobCompletions(
    (jobs) => this.boss.complete(this.queue, jobs),
    QUEUE_STATEMENT_SPACING_MS,
  );
  private lastFetchAt = -Infinity;
  private fetching = false;
  private again = false;
  private saturated = false;
  private stopped = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private idle: (() => void) | null = null;

  constructor(
    private readonly boss: PgBoss,
    readonly queue: string,
    private readonly run: TRunExecution,
    private readonly what: string,
    private readonly admission: Admission,
  ) {}

  start(): void {
    // The heartbeat never rejects (it logs its own failure); detach only says so.
    const heartbeat = setInterval(
      () => detach(this.heartbeat(), `The ${this.what} heartbeat`),
      (env.ENGINE_JOB_HEARTBEAT_SECONDS * 1000) / 3,
    );
    heartbeat.unref();
    this.timers.push(heartbeat);
    this.wake();
  }

  get inFlight(): number {
    return this.attempts.size;
  }

  /** Looks for work now (a fetch already running fetches again when it ends). */
  wake(): void {
    if (this.stopped) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    // A fetch loop in the background: wake-ups come from timers, NOTIFY and ending attempts.
    detach(
      this.fetchWhileRoom().finally(() => {
        this.fetching = false;
      }),
      `Fetching ${this.what} jobs`,
    );
  }

  /** Stops fetching; resolves when every running attempt has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.attempts.size === 0) return;
    await new Promise<void>((resolve) => (this.idle = resolve));
  }

  /**
   * Shutdown past its grace: every running attempt stops and its job goes back to the queue now
   * (fenced: a later settle of the stopped attempt changes nothing).
   */
  async release(): Promise<void> {
    const running = [...this.attempts.values()];
    for (const attempt of running) attempt.stop.abort(new AttemptStopped("the process is shutting down"));
    if (running.length === 0) return;
    await this.boss.fail(
      this.queue,
      running.map(({ job }) => ({ id: job.id, retryCount: job.retryCount })),
      { message: "released at shutdown" },
    );
    // The other engine processes look when the released jobs' retry comes due (execution-wake.ts).
    await this.boss
      .getDb()
      .executeSql("SELECT pg_notify($1, $2)", [warmQueueTables().wakeChannel, `${this.queue}:${RETRY_WAKE}`])
      .catch((error: unknown) => log.warn("Engine: announcing released jobs failed.", { error }));
  }

  private async fetchWhileRoom(): Promise<void> {
    try {
      do {
        this.again = false;
        const room = this.admission.room();
        if (room === 0) {
          // Busy, not full: look again shortly instead of waiting for a job to end.
          if (this.admission.pressured) setTimeout(() => this.wake(), 100).unref();
          this.saturated = true;
          return;
        }
        await waitUntil(this.lastFetchAt + QUEUE_STATEMENT_SPACING_MS);
        if (this.stopped) return;
        this.lastFetchAt = performance.now();
        const wanted = Math.min(this.admission.room(), FETCH_BATCH);
        if (wanted === 0) {
          // Filled while waiting: the check above decides what to do.
          this.again = true;
          continue;
        }
        const jobs = await this.fetch(wanted);
        for (const job of jobs) this.begin(job);
        this.saturated = jobs.length === wanted;
        if (this.saturated) this.again = true;
      } while (this.again && !this.stopped);
    } catch (error) {
      log.warn(`Engine: fetching ${this.what} jobs failed; looking again shortly.`, { error });
      expectJobsAt(Date.now() + 1000);
    }
  }

  private async fetch(wanted: number): Promise<JobWithMetadata<TExecutionJobData>[]> {
    const cap = env.ENGINE_ORG_CONCURRENCY;
    const take = (batchSize: number, groupConcurrency?: number) =>
      this.boss.fetch<TExecutionJobData>(this.queue, {
        batchSize,
        includeMetadata: true,
        ...(groupConcurrency ? { groupConcurrency } : {}),
      });
    if (!this.saturated) return take(wanted, cap || undefined);
    // Contended: organizations under their share first, then the rest in queue order.
    const share = Math.max(1, Math.floor(this.admission.maxInFlight / 10));
    const fair = await take(wanted, cap ? Math.min(cap, share) : share);
    if (fair.length === wanted || (cap && cap <= share)) return fair;
    return [...fair, ...(await take(wanted - fair.length, cap || undefined))];
  }

  private begin(job: JobWithMetadata<TExecutionJobData>): void {
    const attempt: TAttempt = { job, stop: new AbortController(), touchedAt: Date.now() };
    this.attempts.set(job.id, attempt);
    this.admission.started();
    // Stop well before pg-boss's expiry could hand the job to another worker.
    const expiresIn = job.expireInSeconds * 1000 - (Date.now() - new Date(job.startedOn).getTime()) - 5000;
    const expiry = setTimeout(
      () => attempt.stop.abort(new AttemptStopped("the job reached its expiry")),
      Math.max(0, expiresIn),
    );
    expiry.unref();
    // Each attempt runs on its own; settle() handles its failure, detach only logs the unexpected.
    const settled = this.settle(attempt).finally(() => {
      clearTimeout(expiry);
      this.attempts.delete(job.id);
      this.admission.finished();
      if (this.stopped && this.attempts.size === 0) this.idle?.();
      // Room opened: fetch again only if work may be waiting for it (the last fetch was full, or
      // an organization cap held jobs back). Otherwise the queue was empty, and new jobs wake the
      // pump by NOTIFY: a fetch after every attempt would double the fetches of a quiet queue.
      if (this.saturated || env.ENGINE_ORG_CONCURRENCY > 0) this.wake();
    });
    detach(settled, `A ${this.what} attempt`);
  }

  /** Runs the attempt and settles its job, fenced to this attempt (pg-boss's retry_count). */
  private async settle(attempt: TAttempt): Promise<void> {
    const { job } = attempt;
    const fenced = { id: job.id, retryCount: job.retryCount };
    try {
      await timedJob(this.queue, job.startAfter, () => this.run(job.data.turnId, attempt.stop.signal));
      await this.completions.complete(fenced);
    } catch (error) {
      if (error instanceof AttemptStopped || attempt.stop.signal.aborted) {
        log.warn(`Engine: a ${this.what} attempt stopped: ${String(attempt.stop.signal.reason ?? error)}`, {
          turnId: job.data.turnId,
        });
        // Released for a retry when this process still holds it (shutdown); otherwise a no-op.
        await this.boss.fail(this.queue, fenced, { message: "attempt stopped" }).catch(() => undefined);
        return;
      }
      log.error(`${this.what} attempt failed`, { turnId: job.data.turnId, retry: job.retryCount, error });
      if (job.retryCount >= TURN_JOB_RETRY_LIMIT) await failInterruptedTurn(job.data.turnId).catch(() => undefined);
      await this.boss
        .fail(this.queue, fenced, { message: error instanceof Error ? error.message : String(error) })
        .catch(() => undefined);
      // Its retry comes due after the queue's delay, with no NOTIFY: this process looks then.
      expectJobsAt(Date.now() + EXECUTION_RETRY_DELAY_SECONDS * 1000);
    }
  }

  /** One statement touches every running attempt; one the database no longer has is stopped. */
  private async heartbeat(): Promise<void> {
    if (this.attempts.size === 0) return;
    const now = Date.now();
    const running = [...this.attempts.values()];
    // Past 80% of the window without an accepted touch, the job may be retried elsewhere soon.
    const window = env.ENGINE_JOB_HEARTBEAT_SECONDS * 1000;
    for (const attempt of running)
      if (now - attempt.touchedAt > window * 0.8)
        attempt.stop.abort(new AttemptStopped("its heartbeat was not accepted in time"));
    try {
      const response = (await this.boss.touch(
        this.queue,
        running.map(({ job }) => ({ id: job.id, retryCount: job.retryCount })),
      )) as { settled?: unknown; affected: number };
      // The touched ids; when a driver hands the array over unparsed, the count alone can say "all".
      const settled = Array.isArray(response.settled)
        ? (response.settled as string[]).map((id) => id.toLowerCase())
        : null;
      if (!settled) {
        if (response.affected === running.length) for (const attempt of running) attempt.touchedAt = now;
        return;
      }
      const touched = new Set(settled);
      for (const attempt of running) {
        if (touched.has(attempt.job.id.toLowerCase())) attempt.touchedAt = now;
        else if (this.attempts.has(attempt.job.id))
          attempt.stop.abort(new AttemptStopped("its job was claimed again elsewhere"));
      }
    } catch (error) {
      log.warn(`Engine: the ${this.what} heartbeat failed.`, { error });
    }
  }
}
