import { retryAfterMs } from "./retry.js";

/** The service's error envelope: `{ error: { code, message, details? } }` on every error response. */
export type ErrorEnvelope = { error: { code: string; message: string; details?: Record<string, unknown> } };

/**
 * An error answer from the service. `code` is the stable, machine-readable decision field
 * (`NOT_FOUND`, `IDEMPOTENCY_KEY_REUSED`, `QUOTA_EXHAUSTED`, ...); `message` is for a person;
 * `requestId` is the `X-Request-Id` this SDK sent with the call, which the service logs and
 * quotes in INTERNAL errors, so it is what to give support.
 */
export class ApiError extends Error {
  override readonly name: string = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  readonly requestId: string;
  readonly headers: Headers;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: Record<string, unknown>;
    requestId: string;
    headers?: Headers;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.headers = init.headers ?? new Headers();
  }
}

/** 401: the credential is missing, unknown, expired or revoked. */
export class AuthenticationError extends ApiError {
  override readonly name: string = "AuthenticationError";
}
/** 403: the credential is known but may not do this. */
export class PermissionDeniedError extends ApiError {
  override readonly name: string = "PermissionDeniedError";
}
/** 404: nothing there, or nothing this credential may see (the service answers both alike). */
export class NotFoundError extends ApiError {
  override readonly name: string = "NotFoundError";
}
/** 409: the resource's state refuses the call (CONFLICT and the other state codes). */
export class ConflictError extends ApiError {
  override readonly name: string = "ConflictError";
}
/** 409 IDEMPOTENCY_KEY_REUSED / IDEMPOTENCY_IN_PROGRESS (and other IDEMPOTENCY_* codes). */
export class IdempotencyError extends ConflictError {
  override readonly name: string = "IdempotencyError";
}
/** 400 / 415 / 422: the request itself is invalid; `details.issues` names the fields. */
export class ValidationError extends ApiError {
  override readonly name: string = "ValidationError";
}
/**
 * 429: refused before anything ran. `retryAfterMs` is the wait the service asked for: raised when
 * it is longer than the policy's `maxRetryAfterMs`, or after the last retry.
 */
export class RateLimitError extends ApiError {
  override readonly name: string = "RateLimitError";
  get retryAfterMs(): number | null {
    return retryAfterMs(this.headers.get("retry-after"));
  }
}
/** 5xx: the service failed; `requestId` is what to give support. */
export class ServerError extends ApiError {
  override readonly name: string = "ServerError";
}

type TApiErrorInit = ConstructorParameters<typeof ApiError>[0];

/** The typed error for an answer: one class per family, all ApiError, so `catch (e instanceof ApiError)` keeps working. */
export function typedApiError(init: TApiErrorInit): ApiError {
  const { status, code } = init;
  if (code.startsWith("IDEMPOTENCY_")) return new IdempotencyError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 429) return new RateLimitError(init);
  if (status === 400 || status === 415 || status === 422) return new ValidationError(init);
  if (status >= 500) return new ServerError(init);
  return new ApiError(init);
}

/** The service could not be reached (DNS, refused, reset, timeout) after every retry. */
export class ApiConnectionError extends Error {
  override readonly name = "ApiConnectionError";
  readonly requestId: string;

  constructor(message: string, requestId: string, options?: { cause?: unknown }) {
    super(message, options);
    this.requestId = requestId;
  }
}

/** Builds an ApiError from a non-2xx response; a body that is not the envelope still gives a usable error. */
export async function apiErrorFrom(response: Response, requestId: string): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  let envelope: Partial<ErrorEnvelope> | undefined;
  try {
    envelope = JSON.parse(text) as Partial<ErrorEnvelope>;
  } catch {
    envelope = undefined;
  }
  const error = envelope?.error;
  if (error && typeof error.code === "string" && typeof error.message === "string") {
    return typedApiError({
      status: response.status,
      code: error.code,
      message: error.message,
      details: error.details,
      requestId,
      headers: response.headers,
    });
  }
  const fallback = response.status >= 500 ? "INTERNAL" : "HTTP_ERROR";
  const message = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}${text ? `: ${text.slice(0, 200)}` : ""}`;
  return typedApiError({ status: response.status, code: fallback, message, requestId, headers: response.headers });
}
