import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";

import { CLIENT_SEGMENT_PATTERN } from "@/contracts/common/patterns";

export { CLIENT_SEGMENT_PATTERN };

export type TApplicableRelease = {
  releaseId: string;
  templateId: string;
  templateName: string;
  version: number;
} | null;

/**
 * The refusals that come before any write, in the documented order: platform standing, grant,
 * template, segment format, identifier, quota. Each is a named refusal of section 7.
 */
export async function checkProvisioning(platformId: string, clientSegment: string): Promise<TApplicableRelease> {
  const platform = await db().partnerPlatform.findUniqueOrThrow({
    where: { id: platformId },
    select: {
      status: true,
      provisioningEnabled: true,
      customerQuota: true,
      customersProvisioned: true,
      provisioningTemplateId: true,
    },
  });
  if (platform.status === "SUSPENDED")
    throw new AppError(
      "PARTNER_PLATFORM_SUSPENDED",
      "Your partner platform is suspended and is not accepting provisioning. Wait until its standing is restored.",
    );
  if (!platform.provisioningEnabled)
    throw new AppError(
      "PROVISIONING_NOT_ENABLED",
      "Your platform's grant does not allow creating customers. Ask the service's operators to enable provisioning.",
    );
  const release = await applicableRelease(platform.provisioningTemplateId);
  if (!CLIENT_SEGMENT_PATTERN.test(clientSegment)) {
    throw new AppError(
      "CLIENT_SEGMENT_INVALID",
      'clientSegment must be a URL segment: 1-63 lowercase letters, digits and "-", starting and ending with a letter or digit.',
      { details: { field: "clientSegment" } },
    );
  }
  await checkIdentifierFree(platformId, clientSegment);
  if (platform.customersProvisioned >= platform.customerQuota) throw quotaExhausted(platform.customerQuota);
  return release;
}

async function applicableRelease(templateId: string | null): Promise<TApplicableRelease> {
  if (!templateId) return null;
  const template = await db().partnerTemplate.findUnique({
    where: { id: templateId },
    select: {
      id: true,
      name: true,
      status: true,
      releases: { orderBy: { version: "desc" }, take: 1, select: { id: true, version: true } },
    },
  });
  if (!template) return null;
  const latest = template.releases[0];
  if (template.status === "SUSPENDED" || !latest) {
    const why = template.status === "SUSPENDED" ? "is suspended" : "has no published release yet";
    throw new AppError(
      "TEMPLATE_SUSPENDED",
      `Your provisioning template "${template.name}" ${why}. Restore or publish it, then retry.`,
      { details: { templateId: template.id } },
    );
  }
  return { releaseId: latest.id, templateId: template.id, templateName: template.name, version: latest.version };
}

/** The segment is the organization's slug, unique across the service. */
export async function checkIdentifierFree(platformId: string, clientSegment: string): Promise<void> {
  const taken = await db().organization.findUnique({
    where: { slug: clientSegment },
    select: { id: true, follower: { select: { platformId: true, onboardingStatus: true } } },
  });
  if (taken) throw identifierTaken(platformId, clientSegment, taken);
}

type TTakenBy = { id: string; follower: { platformId: string; onboardingStatus: string } | null };

/** `details.existing` only for one of the platform's own customers: others' stay invisible. */
export function identifierTaken(platformId: string, clientSegment: string, taken: TTakenBy | null): AppError {
  const own = taken?.follower?.platformId === platformId;
  return new AppError(
    "IDENTIFIER_TAKEN",
    own
      ? `"${clientSegment}" is already one of your customers; reconcile with it instead of provisioning again.`
      : `"${clientSegment}" is not available; choose another clientSegment.`,
    {
      details: own
        ? {
            field: "clientSegment",
            existing: { orgId: taken!.id, onboardingStatus: taken!.follower!.onboardingStatus.toLowerCase() },
          }
        : { field: "clientSegment" },
    },
  );
}

export function quotaExhausted(quota: number): AppError {
  return new AppError(
    "QUOTA_EXHAUSTED",
    `Your platform's customer allowance (${quota}) is spent. Ask the service's operators to raise it; retrying does not help.`,
    { details: { customerQuota: quota } },
  );
}
