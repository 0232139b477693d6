/**
 * How often a minute sweep's worker looks for its job. pg-boss queues each sweep once a minute
 * (its cron), so looking every 5 s cost an idle service three statements every 5 s for one job a
 * minute; a sweep that starts up to 15 s into its minute is as good.
 */
export const SWEEP_POLL_SECONDS = 15;

/**
 * How often a spare slot of a queue with several (webhook deliveries, assistant actions) looks
 * for work on its own. NOTIFY wakes it when a job is queued; the queue's first slot keeps a short
 * period for retries that come due without one.
 */
export const SPARE_SLOT_POLL_SECONDS = 30;
