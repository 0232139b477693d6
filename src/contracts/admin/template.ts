import { z } from "zod";

export const ZTemplateStatus = z.enum(["ACTIVE", "SUSPENDED"]);

export const ZTemplateRelease = z.object({
  id: z.uuid(),
  version: z.number().int(),
  automationCount: z.number().int(),
  createdAt: z.string(),
});

/** A platform's template with its releases (newest first). */
export const ZTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  status: ZTemplateStatus,
  sourceOrganization: z.object({ id: z.uuid(), name: z.string() }),
  /** Whether POST /organizations of the platform applies this template's latest release. */
  isProvisioningTemplate: z.boolean(),
  createdAt: z.string(),
  releases: z.array(ZTemplateRelease),
});

export const ZTemplateName = z.string().trim().min(1, "must not be blank").max(100, "must be at most 100 characters");

export type TTemplate = z.infer<typeof ZTemplate>;
export type TTemplateRelease = z.infer<typeof ZTemplateRelease>;
