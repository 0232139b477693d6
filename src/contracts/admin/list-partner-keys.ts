import { z } from "zod";
import { ZPartnerKey } from "./partner-key";
import { ZPlatformIdRequest } from "./platform";

export const ZListPartnerKeysRequest = ZPlatformIdRequest;
export const ZListPartnerKeysResponse = z.object({ keys: z.array(ZPartnerKey) });

export type TListPartnerKeysRequest = z.infer<typeof ZListPartnerKeysRequest>;
export type TListPartnerKeysResponse = z.infer<typeof ZListPartnerKeysResponse>;
