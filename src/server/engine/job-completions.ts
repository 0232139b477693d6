/** A job as its completion is fenced: the attempt (retry count) it was fetched at. */
export type TFencedJob = { id: string; retryCount: number };

/**
 * Completes finished jobs together (group commit): the first job to finish is completed at once;
 * jobs that finish while a completion is on its way, or within `spacingMs` of the last one sent,
 * are completed by the next one, in one statement. A quiet engine completes each job alone and at
 * once; a busy one sends at most one statement every `spacingMs` for all of them (a job's
 * completion only tells the queue what its turn's row already says, so it can wait that long: a
 * crash meanwhile runs the job again, which finds its turn settled and writes nothing).
 * Each caller's promise settles with the statement that completed its job.
 */
export class JobCompletions {
  private waiting: TFencedJob[] = [];
  private next: Promise<void> | null = null;
  private previous: Promise<unknown> = Promise.resolve();
  private lastSentAt = -Infinity;

  constructor(
    private readonly completeJobs: (jobs: TFencedJob[]) => Promise<unknown>,
    private readonly spacingMs = 0,
  ) {}

  complete(job: TFencedJob): Promise<void> {
    this.waiting.push(job);
    this.next ??= this.previous
      .then(() => waitUntil(this.lastSentAt + this.spacingMs))
      .then(() => {
        const jobs = this.waiting;
        this.waiting = [];
        this.next = null;
        this.lastSentAt = performance.now();
        const sent = this.completeJobs(jobs);
        // The next batch waits for this one to end, whatever its outcome (callers see the outcome).
        this.previous = sent.catch(() => undefined);
        return sent.then(() => undefined);
      });
    return this.next;
  }
}

/** Resolves at `at` (performance.now() time), at once when that has passed. */
export function waitUntil(at: number): Promise<void> {
  const wait = at - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}
