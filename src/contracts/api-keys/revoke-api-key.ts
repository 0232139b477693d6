import { z } from "zod";
import { ZApiKey } from "./api-key";

export const ZRevokeApiKeyRequest = z.strictObject({ id: z.uuid() });
export const ZRevokeApiKeyResponse = z.object({ apiKey: ZApiKey });
