import type { PgBoss } from "pg-boss";
import { ASSISTANT_ACTION_QUEUE, ASSISTANT_ACTION_RETRY_DELAY_SECONDS } from "@/server/jobs/queues";
import { log } from "@/server/log";
import { expireDueApprovals, wakeApprovedActions } from "@/server/services/assistant/approvals/expire-approvals";
import { runApprovedAction } from "./assistant-actions";
import { workWhenDue, type TWakes } from "./work-when-due";

const ACTION_SLOTS = 2;

/** The minute sweep (scheduler.ts): expires approvals past their TTL and wakes approved actions whose job was lost. */
export async function sweepAssistantApprovals(now = new Date()): Promise<void> {
  const expired = await expireDueApprovals(now);
  const woken = await wakeApprovedActions(now);
  if (expired || woken) log.info("assistant approvals swept", { expired, woken });
}

/** Registers assistant actions on a started queue: ACTION_SLOTS approved actions at once (spec 4.8). */
export async function registerAssistantActions(boss: PgBoss, wakes: TWakes): Promise<void> {
  await workWhenDue<{ actionId: string }>(
    boss,
    wakes,
    ASSISTANT_ACTION_QUEUE,
    { slots: ACTION_SLOTS, retryDelaySeconds: ASSISTANT_ACTION_RETRY_DELAY_SECONDS },
    async ([job]) => {
      if (job) await runApprovedAction(job.data.actionId);
    },
  );
}
