import { z } from "zod";
import { ZTemplate, ZTemplateStatus } from "./template";

export const ZSetTemplateStatusRequest = z.strictObject({ templateId: z.uuid(), status: ZTemplateStatus });
export const ZSetTemplateStatusResponse = z.object({ template: ZTemplate });

export type TSetTemplateStatusRequest = z.infer<typeof ZSetTemplateStatusRequest>;
export type TSetTemplateStatusResponse = z.infer<typeof ZSetTemplateStatusResponse>;
