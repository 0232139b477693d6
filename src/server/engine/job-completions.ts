/** A job as its completion is fenced: the attempt (retry count) it was fetched at. */
export type TFencedJob = { id: string; retryCount: number };

/**
 * Completes finished jobs together (group commit): the first job to finish is completed at once;
 * jobs that finish while a completion is on its way are completed by the next one, in one
 * statement. A quiet engine completes each job alone; a busy one sends one statement for many.
 * Each caller's promise settles with the statement that completed its job.
 */
export class JobCompletions {
  private waiting: TFencedJob[] = [];
  private next: Promise<void> | null = null;
  private previous: Promise<unknown> = Promise.resolve();

  constructor(private readonly completeJobs: (jobs: TFencedJob[]) => Promise<unknown>) {}

  complete(job: TFencedJob): Promise<void> {
    this.waiting.push(job);
    this.next ??= this.previous.then(() => {
      const jobs = this.waiting;
      this.waiting = [];
      this.next = null;
      const sent = this.completeJobs(jobs);
      // The next batch waits for this one to end, whatever its outcome (callers see the outcome).
      this.previous = sent.catch(() => undefined);
      return sent.then(() => undefined);
    });
    return this.next;
  }
}
