import { z } from "zod";

/** A platform's customer and where its onboarding stands (read-only in the console). */
export const ZAdminFollower = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  clientName: z.string(),
  clientSegment: z.string(),
  onboardingStatus: z.enum(["PENDING", "RUNNING", "COMPLETED", "FAILED"]),
  release: z.object({ id: z.uuid(), templateName: z.string(), version: z.number().int() }).nullable(),
  onboardingSteps: z.array(z.string()),
  onboardingError: z.string().nullable(),
  createdAt: z.string(),
  onboardedAt: z.string().nullable(),
});

export type TAdminFollower = z.infer<typeof ZAdminFollower>;
