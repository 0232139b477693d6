import { z } from "zod";
import { ZPlatformIdRequest } from "./platform";
import { ZTemplate } from "./template";

export const ZListTemplatesRequest = ZPlatformIdRequest;
export const ZListTemplatesResponse = z.object({ templates: z.array(ZTemplate) });

export type TListTemplatesRequest = z.infer<typeof ZListTemplatesRequest>;
export type TListTemplatesResponse = z.infer<typeof ZListTemplatesResponse>;
