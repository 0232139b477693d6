import type { PgBoss } from "pg-boss";
import { ASSISTANT_ACTION_QUEUE, createQueueOnce } from "@/server/jobs/queues";
import { log } from "@/server/log";
import { expireDueApprovals, wakeApprovedActions } from "@/server/services/assistant/approvals/expire-approvals";
import { runApprovedAction } from "./assistant-actions";
import { SPARE_SLOT_POLL_SECONDS, SWEEP_POLL_SECONDS } from "./poll-periods";

/** The minute sweep of assistant approvals (created here: the sweep is this module's own). */
export const APPROVAL_SWEEP_QUEUE = "assistant-approval-sweep";
const ACTION_SLOTS = 2;
// The first slot looks every 2 s (a retry comes due without a NOTIFY); the second is woken by
// NOTIFY when an action is queued and otherwise looks rarely (an idle service's statements).
const POLL_SECONDS = 2;

/** Expires approvals past their TTL and wakes approved actions whose job was lost. */
export async function sweepAssistantApprovals(now = new Date()): Promise<void> {
  const expired = await expireDueApprovals(now);
  const woken = await wakeApprovedActions(now);
  if (expired || woken) log.info("assistant approvals swept", { expired, woken });
}

/**
 * Registers assistant actions on a started queue: ACTION_SLOTS approved actions at once, and the
 * approval sweep, every minute, that expires approvals past their TTL (spec 4.8).
 */
export async function registerAssistantActions(boss: PgBoss): Promise<void> {
  for (let slot = 0; slot < ACTION_SLOTS; slot++) {
    const poll = slot === 0 ? POLL_SECONDS : SPARE_SLOT_POLL_SECONDS;
    await boss.work<{ actionId: string }>(
      ASSISTANT_ACTION_QUEUE,
      { pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll },
      async ([job]) => {
        if (job) await runApprovedAction(job.data.actionId);
      },
    );
  }
  await createQueueOnce(boss, APPROVAL_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 120 });
  await boss.work(APPROVAL_SWEEP_QUEUE, { pollingIntervalSeconds: SWEEP_POLL_SECONDS }, () =>
    sweepAssistantApprovals(),
  );
  await boss.schedule(APPROVAL_SWEEP_QUEUE, "* * * * *");
}
