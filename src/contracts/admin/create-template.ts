import { z } from "zod";
import { ZTemplate, ZTemplateName } from "./template";

export const ZCreateTemplateRequest = z.strictObject({
  platformId: z.uuid(),
  name: ZTemplateName,
  sourceOrganizationId: z.uuid("Choose the source organization"),
});
export const ZCreateTemplateResponse = z.object({ template: ZTemplate });

export type TCreateTemplateRequest = z.infer<typeof ZCreateTemplateRequest>;
export type TCreateTemplateResponse = z.infer<typeof ZCreateTemplateResponse>;
