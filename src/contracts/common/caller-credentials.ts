import { z } from "zod";

// Section 2 (callerCredentials) and section 8 (limits). Strict objects: unknown keys are
// rejected, never stripped, even inside the non-strict fire body.

export const CALLER_SECRET_MAX = 8_192;
export const CALLER_FIELDS_MAX = 16;

const ZCallerSecret = z
  .string()
  .min(1, "must not be empty")
  .max(CALLER_SECRET_MAX, `must be at most ${CALLER_SECRET_MAX} characters`)
  .refine((value) => !/[\r\n]/.test(value), "must not contain a newline");

export const ZCallerIntegrationCredential = z
  .strictObject({
    token: ZCallerSecret.optional().meta({
      description: "Bearer token, 1-8,192 characters, no newline; format not interpreted.",
    }),
    fields: z
      .record(
        z.string().regex(/^[A-Za-z0-9_]{1,64}$/, "field names are 1-64 ASCII letters, digits or _"),
        ZCallerSecret,
      )
      .refine((fields) => Object.keys(fields).length >= 1, "fields must name at least one secret ({} is invalid)")
      .refine(
        (fields) => Object.keys(fields).length <= CALLER_FIELDS_MAX,
        `fields may name at most ${CALLER_FIELDS_MAX} secrets`,
      )
      .meta({ minProperties: 1, maxProperties: CALLER_FIELDS_MAX })
      .optional()
      .meta({
        description: "1 to 16 named secrets; names the integration does not declare are dropped before invocation.",
      }),
    fallbackAllowed: z.boolean().optional().meta({
      description:
        "Default true. false requires caller authority for this call: it fails when no credential is supplied.",
    }),
  })
  .meta({ description: "Caller material for one integration. `{}` behaves like omission." });

export const ZCallerCredentials = z
  .strictObject({
    integrations: z
      .record(
        z.string().min(1, "integration ids are 1-64 characters").max(64, "integration ids are 1-64 characters"),
        ZCallerIntegrationCredential,
      )
      .meta({ description: "Map keyed by integration id; repeat a token under each integration it should reach." }),
  })
  .meta({
    id: "CallerCredentials",
    description:
      "End-user credentials for integrations (spec sections 2 and 5). Sent only to the integration each is keyed to; encrypted at rest and deleted when the execution settles; never returned.",
  });

export type TCallerIntegrationCredential = z.infer<typeof ZCallerIntegrationCredential>;
export type TCallerCredentials = z.infer<typeof ZCallerCredentials>;
