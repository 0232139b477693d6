import { z } from "zod";

/**
 * Every error code the machine API can answer with. The HTTP status of each lives in
 * src/server/errors.ts; the codes themselves are part of the public contract.
 */
export const ERROR_CODES = [
  "VALIDATION",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "SESSION_NOT_DRIVABLE",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_IN_PROGRESS",
  "IDEMPOTENCY_OUTCOME_UNKNOWN",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "INTERNAL",
  "UNAVAILABLE",
  // The closed set of provisioning refusals (section 7); `error.code` is the decision field.
  "PARTNER_PLATFORM_SUSPENDED",
  "PROVISIONING_NOT_ENABLED",
  "TEMPLATE_SUSPENDED",
  "QUOTA_EXHAUSTED",
  "IDENTIFIER_TAKEN",
  "CLIENT_SEGMENT_INVALID",
  "PROVISIONING_FAILED",
  // A follower's partner has not enabled the automation (entitlements, spec 4.7).
  "AUTOMATION_DISABLED",
  // Worker connections (spec 4.8): no provider app for a connect link; a tool needs a connection
  // the worker does not have, or one whose tokens the provider no longer accepts.
  "MANAGED_OAUTH_UNAVAILABLE",
  "CONNECTION_REQUIRED",
  "CONNECTION_FAILED",
] as const;

export type TErrorCode = (typeof ERROR_CODES)[number];

export const ZErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Stable, machine-readable error code.", example: "NOT_FOUND" }),
      message: z.string().meta({ description: "What went wrong and what to do about it, for a person." }),
      details: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ description: "Structured detail, for example the invalid fields." }),
    }),
  })
  .meta({ id: "ErrorEnvelope", description: "The standard error envelope of every error response." });

export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
