import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

/** Where a follower's onboarding run stands (the spec lists no values: ours, lowercase on the wire). */
export const ONBOARDING_STATUSES = ["pending", "running", "completed", "failed"] as const;
export const ZOnboardingStatus = z.enum(ONBOARDING_STATUSES).meta({
  description:
    "`pending`: accepted, the onboarding run has not started. `running`: the release is being applied. `completed`: every step converged. `failed`: the run gave up after its retries (see `onboardingError`).",
});
export type TOnboardingStatus = z.infer<typeof ZOnboardingStatus>;

export const ZReleaseDetail = z
  .object({
    templateId: ZUuid,
    templateName: z.string(),
    version: z.number().int().meta({ description: "The template release applied (1, 2, ...)." }),
    releaseId: ZUuid,
  })
  .meta({
    id: "ReleaseDetail",
    description:
      "The template release onboarding applies; null when the platform has no provisioning template (an empty customer with its primary domain).",
  });

export const ZOwnerInvitation = z
  .object({
    url: z.url().meta({
      description: "Single-use activation link: the owner sets their sign-in email and password there. Shown once.",
    }),
    expiresAt: z.iso
      .datetime({ offset: true })
      .meta({ description: "The link stops working 7 days after provisioning." }),
  })
  .meta({ id: "OwnerInvitation" });

/** The durable customer record of POST /organizations and GET /organizations/{orgId}. */
export const ZFollowerRecord = z
  .object({
    orgId: ZUuid.meta({ description: "The customer organization." }),
    clientName: z.string(),
    clientSegment: z.string().meta({ description: "The URL segment; also the organization's identifier." }),
    directLoginDisabled: z.boolean(),
    domainName: z.string().meta({ description: "Name of the customer's primary domain." }),
    domains: z.array(z.object({ id: ZUuid, name: z.string() }).meta({ id: "CustomerDomain" })).meta({
      description:
        "The customer's domains with their ids, oldest first (the template's domains exist from the first answer on): what tenant routes, worker roles and entitlements name. In a replay, as they were when the customer was provisioned.",
    }),
    onboardingStatus: ZOnboardingStatus,
    onboardingSteps: z.array(z.string()).meta({
      description:
        "Onboarding steps that have converged, in order: `domains`, `automation:<key>` per template automation, `entitlements`.",
    }),
    onboardingError: z
      .string()
      .nullable()
      .meta({ description: "Why onboarding failed; null unless `onboardingStatus` is `failed`." }),
    release: ZReleaseDetail.nullable(),
    owner: z.object({
      userId: ZUuid,
      name: z.string(),
      invitation: ZOwnerInvitation.nullable().meta({
        description: "Present only in the original provisioning response; null in replays and reads.",
      }),
    }),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "CustomerRecord" });
export type TFollowerRecord = z.infer<typeof ZFollowerRecord>;
