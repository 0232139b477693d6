/**
 * How often a minute sweep's worker looks for its job. pg-boss queues each sweep once a minute
 * (its cron), so looking every 5 s cost an idle service three statements every 5 s for one job a
 * minute; a sweep that starts up to 15 s into its minute is as good.
 */
export const SWEEP_POLL_SECONDS = 15;
