import { z } from "zod";
import { ZPartnerApp } from "./partner-key";
import { ZPlatformIdRequest } from "./platform";

export const ZListPartnerAppsRequest = ZPlatformIdRequest;
export const ZListPartnerAppsResponse = z.object({ apps: z.array(ZPartnerApp) });

export type TListPartnerAppsRequest = z.infer<typeof ZListPartnerAppsRequest>;
export type TListPartnerAppsResponse = z.infer<typeof ZListPartnerAppsResponse>;
