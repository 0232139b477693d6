import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

/** Secret material bounds, the same as callerCredentials (spec sections 2 and 8). */
export const ZSecretValue = z
  .string()
  .min(1, "must not be empty")
  .max(8_192, "must be at most 8,192 characters")
  .regex(/^[^\r\n]*$/, "must not contain a newline");

export const ZSecretFields = z
  .record(z.string().regex(/^[A-Za-z0-9_]{1,64}$/, "field names are 1-64 letters, digits or _"), ZSecretValue)
  .refine((fields) => Object.keys(fields).length >= 1 && Object.keys(fields).length <= 16, "give 1 to 16 fields")
  .meta({ minProperties: 1, maxProperties: 16 });

/** A connection as the console shows it: never the secret, only a hint. */
export const ZConnection = z.object({
  id: ZUuid,
  domainId: ZUuid,
  name: z.string(),
  integrationId: z.string(),
  secretHint: z.string(),
  createdAt: z.string(),
});

export type TConnection = z.infer<typeof ZConnection>;
