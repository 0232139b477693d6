import { z } from "zod";

export const ZPublishTemplateReleaseRequest = z.strictObject({
  templateId: z.uuid(),
  primaryDomainId: z.uuid().optional(),
  disabledAutomationIds: z.array(z.uuid()).max(1000).optional(),
});
export const ZPublishTemplateReleaseResponse = z.object({ releaseId: z.uuid(), version: z.number().int() });

export type TPublishTemplateReleaseRequest = z.infer<typeof ZPublishTemplateReleaseRequest>;
export type TPublishTemplateReleaseResponse = z.infer<typeof ZPublishTemplateReleaseResponse>;
