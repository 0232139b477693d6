/** The service's error envelope: `{ error: { code, message, details? } }` on every error response. */
export type ErrorEnvelope = { error: { code: string; message: string; details?: Record<string, unknown> } };

/**
 * An error answer from the service. `code` is the stable, machine-readable decision field
 * (`NOT_FOUND`, `IDEMPOTENCY_KEY_REUSED`, `QUOTA_EXHAUSTED`, ...); `message` is for a person;
 * `requestId` is the `X-Request-Id` this SDK sent with the call, which the service logs and
 * quotes in INTERNAL errors, so it is what to give support.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
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
    return new ApiError({
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
  return new ApiError({ status: response.status, code: fallback, message, requestId, headers: response.headers });
}
