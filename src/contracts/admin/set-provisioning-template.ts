import { z } from "zod";
import { ZPlatformResponse } from "./platform";

export const ZSetProvisioningTemplateRequest = z.strictObject({
  platformId: z.uuid(),
  templateId: z.uuid().nullable(),
});
export const ZSetProvisioningTemplateResponse = ZPlatformResponse;

export type TSetProvisioningTemplateRequest = z.infer<typeof ZSetProvisioningTemplateRequest>;
export type TSetProvisioningTemplateResponse = z.infer<typeof ZSetProvisioningTemplateResponse>;
