import { z } from "zod";

/** An API key as the console shows it: never the secret, only its public prefix. */
export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export type TApiKey = z.infer<typeof ZApiKey>;
