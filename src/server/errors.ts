import type { TErrorCode, TErrorEnvelope } from "@/contracts/common/error";

/** One code -> status table for the whole service (spec section 7). */
export const ERROR_STATUS: Record<TErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SESSION_NOT_DRIVABLE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_OUTCOME_UNKNOWN: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  // Provisioning refusals (statuses are ours: docs/decisions.md, "Provisioning refusals").
  PARTNER_PLATFORM_SUSPENDED: 403,
  PROVISIONING_NOT_ENABLED: 403,
  TEMPLATE_SUSPENDED: 409,
  QUOTA_EXHAUSTED: 403,
  IDENTIFIER_TAKEN: 409,
  CLIENT_SEGMENT_INVALID: 400,
  PROVISIONING_FAILED: 500,
  AUTOMATION_DISABLED: 403,
  // Worker connections (docs/assistant/connections.md).
  MANAGED_OAUTH_UNAVAILABLE: 400,
  CONNECTION_REQUIRED: 409,
  CONNECTION_FAILED: 409,
};

type TAppErrorOptions = {
  details?: Record<string, unknown>;
  /** Overrides the table, e.g. 422 VALIDATION for publish findings. */
  status?: number;
  headers?: Record<string, string>;
  cause?: unknown;
};

/** The only error services throw. Everything else becomes a 500 INTERNAL. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(code: TErrorCode, message: string, options: TAppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
  }

  toEnvelope(): TErrorEnvelope {
    return envelope(this.code, this.message, this.details);
  }
}

export function envelope(code: string, message: string, details?: Record<string, unknown>): TErrorEnvelope {
  return { error: details ? { code, message, details } : { code, message } };
}

/**
 * The one message of every 404 a credential-checked route answers: a missing or invalid
 * credential, an unknown id and another tenant's id must read the same (spec 5.2, issue 14).
 */
export const NOT_FOUND_MESSAGE =
  "Not found: check the id, and that your credential belongs to the organization that owns it.";

/**
 * The uniform 404 of run, session, authoring and partner routes: never says which part was
 * wrong. `_what` names what was looked for, for the reader of the calling code only: naming it
 * in the message would tell a missing credential apart from an unknown id.
 */
export function notFound(_what?: string, details?: Record<string, unknown>): AppError {
  return new AppError("NOT_FOUND", NOT_FOUND_MESSAGE, details ? { details } : {});
}

/** The 404 of a path no route owns (also what a refused metrics scrape answers, so it reveals nothing). */
export function noRoute(method: string, pathname: string): AppError {
  return new AppError("NOT_FOUND", `No route matches ${method} ${pathname}.`);
}

/** Finds an AppError anywhere in a cause chain (tRPC wraps thrown errors). */
export function findAppError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof AppError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function errorResponse(error: AppError): Response {
  return Response.json(error.toEnvelope(), { status: error.status, headers: error.headers });
}

export type TIssue = { path?: PropertyKey[]; message: string; code?: string; keys?: string[] };

function issuePath(issue: TIssue): string {
  return (issue.path ?? []).map(String).join(".");
}

/** 400 VALIDATION that names every invalid field, first one in the message. */
export function validationError(issues: readonly TIssue[]): AppError {
  const described = issues.map((issue) => ({
    path: issuePath(issue),
    message: issue.message,
    ...(issue.code ? { code: issue.code } : {}),
  }));
  const first = described[0];
  const where = first?.path ? `${first.path}: ` : "";
  const more =
    described.length > 1 ? ` (and ${described.length - 1} more problem${described.length > 2 ? "s" : ""})` : "";
  return new AppError(
    "VALIDATION",
    `Invalid request: ${where}${first?.message ?? "the input does not match the contract"}${more}.`,
    {
      details: { issues: described },
    },
  );
}
