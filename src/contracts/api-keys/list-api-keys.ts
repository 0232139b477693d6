import { z } from "zod";
import { ZApiKey } from "./api-key";

export const ZListApiKeysResponse = z.object({ apiKeys: z.array(ZApiKey) });
