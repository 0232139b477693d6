import { db, type TTransaction } from "@/server/db/client";
import { applyAutomation, applyDomains, applyEntitlements, type TStepTarget } from "./apply-steps";
import { ZTemplateBlueprint } from "@/server/services/partner/templates/blueprint";
import { DOMAINS_STEP, EMPTY_BLUEPRINT, ENTITLEMENTS_STEP, planOnboarding } from "./blueprint";

export type TRunOnboardingOptions = {
  /** Called after each step commits (tests stop a run there, as a killed worker would). */
  afterStep?: (step: string) => Promise<void> | void;
};

async function loadFollower(followerId: string) {
  return db().follower.findUnique({
    where: { id: followerId },
    select: {
      organizationId: true,
      ownerUserId: true,
      domainName: true,
      onboardingStatus: true,
      onboardingSteps: true,
      release: { select: { version: true, blueprint: true, template: { select: { name: true } } } },
    },
  });
}

/**
 * Applies the follower's template release step by step: domains, each automation, then the
 * entitlements. Each step commits in its own transaction together with its name in
 * Follower.onboardingSteps, so a process killed between two steps resumes after the last
 * committed one, and a step is never applied twice. The step's first write is a conditional
 * update of the follower row: it also serializes two attempts that overlap.
 */
export async function runOnboarding(followerId: string, options: TRunOnboardingOptions = {}): Promise<void> {
  const follower = await loadFollower(followerId);
  if (!follower || follower.onboardingStatus === "COMPLETED") return;
  const blueprint = follower.release ? ZTemplateBlueprint.parse(follower.release.blueprint) : EMPTY_BLUEPRINT;
  const plan = planOnboarding(blueprint, follower.domainName);
  const target: TStepTarget = {
    organizationId: follower.organizationId,
    ownerUserId: follower.ownerUserId,
    plan,
    changeNote: follower.release
      ? `Onboarding: template "${follower.release.template.name}" version ${follower.release.version}`
      : "Onboarding",
  };
  await db().follower.updateMany({
    where: { id: followerId, onboardingStatus: { in: ["PENDING", "FAILED"] } },
    data: { onboardingStatus: "RUNNING", onboardingError: null },
  });
  for (const step of plan.steps) {
    if (follower.onboardingSteps.includes(step)) continue;
    await db().$transaction(async (tx) => {
      const { count } = await tx.follower.updateMany({
        where: { id: followerId, NOT: { onboardingSteps: { has: step } } },
        data: { onboardingSteps: { push: step } },
      });
      if (count === 1) await applyStep(tx, target, step);
    });
    await options.afterStep?.(step);
  }
  await db().follower.update({
    where: { id: followerId },
    data: { onboardingStatus: "COMPLETED", onboardedAt: new Date(), onboardingError: null },
  });
}

async function applyStep(tx: TTransaction, target: TStepTarget, step: string): Promise<void> {
  if (step === DOMAINS_STEP) return applyDomains(tx, target);
  if (step === ENTITLEMENTS_STEP) return applyEntitlements(tx, target);
  const entry = target.plan.automations.find((candidate) => `automation:${candidate.key}` === step);
  if (entry) await applyAutomation(tx, target, entry);
}

/** After the last retry: the run stops where it is and says why (a new job would resume it). */
export async function failOnboarding(followerId: string, reason: string): Promise<void> {
  await db().follower.updateMany({
    where: { id: followerId, onboardingStatus: { not: "COMPLETED" } },
    data: { onboardingStatus: "FAILED", onboardingError: reason.slice(0, 2000) },
  });
}
