/**
 * Why an attempt's signal fired: the attempt lost (or is about to lose) its claim on the job,
 * or the process is shutting down. Whatever it was doing stops; nothing it would write after
 * this may land, because another attempt may already own the turn.
 */
export class AttemptStopped extends Error {
  constructor(readonly reason: string) {
    super(`The attempt was stopped: ${reason}.`);
  }
}
