import { z } from "zod";

export const ZGetTemplateSourceRequest = z.strictObject({ templateId: z.uuid() });
export const ZGetTemplateSourceResponse = z.object({ domains: z.array(z.object({ id: z.uuid(), name: z.string(), automationCount: z.number().int() })), automations: z.array(z.object({ id: z.uuid(), kind: z.enum(["AGENT", "FLOW"]), name: z.string(), domainId: z.uuid(), revision: z.number().int() })), defaultPrimaryDomainId: z.uuid().nullable() });

export type TGetTemplateSourceRequest = z.infer<typeof ZGetTemplateSourceRequest>;
export type TGetTemplateSourceResponse = z.infer<typeof ZGetTemplateSourceResponse>;
