import { z } from "zod";

/** What the next release of a template would copy: the publish form's choices. */
export const ZGetTemplateSourceRequest = z.strictObject({ templateId: z.uuid() });
export const ZGetTemplateSourceResponse = z.object({
  domains: z.array(z.object({ id: z.uuid(), name: z.string(), automationCount: z.number().int() })),
  automations: z.array(
    z.object({
      id: z.uuid(),
      kind: z.enum(["AGENT", "FLOW"]),
      name: z.string(),
      domainId: z.uuid(),
      revision: z.number().int(),
    }),
  ),
  /** The domain holding the most published automations (the oldest on a tie). */
  defaultPrimaryDomainId: z.uuid().nullable(),
});

export type TGetTemplateSourceRequest = z.infer<typeof ZGetTemplateSourceRequest>;
export type TGetTemplateSourceResponse = z.infer<typeof ZGetTemplateSourceResponse>;
