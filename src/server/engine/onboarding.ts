import type { Job } from "pg-boss";
import { ONBOARDING_RETRY_LIMIT, type TOnboardingJobData } from "@/server/jobs/queues";
import { log } from "@/server/log";
import { failOnboarding, runOnboarding } from "@/server/services/partner/onboarding/run-onboarding";

/**
 * One attempt of a follower's onboarding run. A failed attempt is retried by the queue and
 * resumes after the last step that committed; after the last retry the follower is FAILED
 * with the reason, instead of staying RUNNING forever.
 */
export async function runOnboardingJob(job: Job<TOnboardingJobData> & { retryCount: number }): Promise<void> {
  try {
    await runOnboarding(job.data.followerId);
  } catch (error) {
    log.error("onboarding attempt failed", { followerId: job.data.followerId, retry: job.retryCount, error });
    if (job.retryCount >= ONBOARDING_RETRY_LIMIT) {
      await failOnboarding(job.data.followerId, error instanceof Error ? error.message : String(error)).catch(
        () => undefined,
      );
    }
    throw error;
  }
}
