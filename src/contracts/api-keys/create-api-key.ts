import { z } from "zod";
import { ZApiKey } from "./api-key";

export const ZCreateApiKeyRequest = z.strictObject({
  name: z.string().trim().min(1, "must not be blank").max(100, "must be at most 100 characters"),
});

export const ZCreateApiKeyResponse = z.object({
  apiKey: ZApiKey,
  /** The whole key, shown once; only its hash is stored. */
  secret: z.string().startsWith("yk_"),
});

export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;
