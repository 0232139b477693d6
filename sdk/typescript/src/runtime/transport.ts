import { ApiConnectionError, apiErrorFrom } from "./errors.js";
import {
  DEFAULT_RETRY_POLICY,
  retryAfterMs,
  retryDelayMs,
  shouldRetry,
  sleep,
  type RetryMode,
  type RetryPolicy,
} from "./retry.js";

/** A bearer credential, or a function that returns the current one (for short-lived tokens). */
export type Credential = string | (() => string | Promise<string>);

export type ClientOptions = {
  /** The service's origin, e.g. `https://automation.example.com` (the surface prefix is added for you). */
  baseUrl: string;
  /** `yk_...` personal key or `yku_...` token (customer API); `ykp_...` partner key or `ykt_...` lease (partner API). */
  credential?: Credential;
  /** A fetch implementation; defaults to the global one. */
  fetch?: typeof fetch;
  /** Retries after the first attempt (default 2; 0 disables). */
  maxRetries?: number;
  /** First backoff step in ms (default 500). */
  retryBaseDelayMs?: number;
  /** Longest backoff between attempts when the service names no wait (default 30,000 ms). */
  maxRetryDelayMs?: number;
  /** Longest Retry-After waited out (default 60,000 ms); a longer one raises RateLimitError at once. */
  maxRetryAfterMs?: number;
  /** Headers sent with every request (after the SDK's own, before a call's). */
  headers?: Record<string, string>;
  /**
   * `X-Service-Subject` on every call (partner API, spec 4.7-4.8): the worker the call is made
   * for. A call's own `subject` wins.
   */
  subject?: string;
};

export type CallOptions = {
  /** The Idempotency-Key for a keyed operation; generated per call when omitted and reused by its retries. */
  idempotencyKey?: string;
  /** Extra headers for this call only. */
  headers?: Record<string, string>;
  /** `X-Service-Subject` for this call only (over the client's `subject`). */
  subject?: string;
  signal?: AbortSignal;
  /** Overrides the client's maxRetries for this call. */
  maxRetries?: number;
};

/** Every successful call's result: the typed body plus what the response said about it. */
export type ApiResult<T> = {
  data: T;
  status: number;
  headers: Headers;
  /** True when the service answered a keyed request from its record (`Idempotency-Replayed: true`). */
  replayed: boolean;
  /** The Idempotency-Key the call was sent with (keyed operations only). */
  idempotencyKey: string | undefined;
  /** The X-Request-Id the call was sent with. */
  requestId: string;
};

/** What the generated operations tell the transport about one route. */
export type OperationSpec = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  pathParams: readonly string[];
  queryParams: readonly string[];
  hasBody: boolean;
  /** Sends an Idempotency-Key (generated once per call unless the caller gives one). */
  idempotent: boolean;
  retry: RetryMode;
};

export type TransportOptions = ClientOptions & { surfacePrefix: string };

/** The one place requests are made: URL building, auth, retries, idempotency keys and errors. */
export class Transport {
  readonly root: string;
  readonly retry: RetryPolicy;
  readonly #fetch: typeof fetch;
  readonly #credential: Credential | undefined;
  readonly #headers: Record<string, string>;

  constructor(options: TransportOptions) {
    const base = options.baseUrl.replace(/\/+$/, "");
    // Accept the service origin or the surface's own URL alike.
    this.root = base.endsWith(options.surfacePrefix) ? base : `${base}${options.surfacePrefix}`;
    this.retry = {
      maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
      maxDelayMs: options.maxRetryDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
    };
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#credential = options.credential;
    this.#headers = { ...options.headers, ...(options.subject ? { "x-service-subject": options.subject } : {}) };
  }

  get fetch(): typeof fetch {
    return this.#fetch;
  }

  /** The request headers every call starts from: auth, the client's headers, then the call's. */
  async headers(extra?: Record<string, string>): Promise<Headers> {
    const headers = new Headers({ accept: "application/json", ...this.#headers });
    const credential = typeof this.#credential === "function" ? await this.#credential() : this.#credential;
    if (credential) headers.set("authorization", `Bearer ${credential}`);
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
    return headers;
  }

  url(path: string, query?: Record<string, unknown>): string {
    const url = new URL(`${this.root}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  /** Calls one operation: `input` holds its path and query parameters and its body fields, flat. */
  async call<T>(
    spec: OperationSpec,
    input: Record<string, unknown> | undefined,
    options: CallOptions = {},
  ): Promise<ApiResult<T>> {
    const fields: Record<string, unknown> = { ...(input ?? {}) };
    let path = spec.path;
    for (const name of spec.pathParams) {
      const value = fields[name];
      if (value === undefined || value === null || value === "")
        throw new TypeError(`${spec.method} ${spec.path}: the path parameter "${name}" is required.`);
      path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
      delete fields[name];
    }
    const query: Record<string, unknown> = {};
    for (const name of spec.queryParams) {
      query[name] = fields[name];
      delete fields[name];
    }
    const body = spec.hasBody ? JSON.stringify(fields) : undefined;
    const idempotencyKey = spec.idempotent ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
    const extra: Record<string, string> = { ...options.headers };
    if (options.subject) extra["x-service-subject"] = options.subject;
    if (idempotencyKey) extra["idempotency-key"] = idempotencyKey;
    if (body !== undefined) extra["content-type"] = "application/json";
    const { result, requestId } = await this.send(
      this.url(path, query),
      {
        method: spec.method,
        body,
        headers: extra,
        signal: options.signal,
        retry: spec.retry,
        maxRetries: options.maxRetries,
      },
      readResult<T>,
    );
    return { ...result, replayed: result.headers.get("idempotency-replayed") === "true", idempotencyKey, requestId };
  }

  /**
   * Sends one request with the retry policy and returns what `consume` makes of the first
   * successful response. Every attempt carries the same headers, so the same Idempotency-Key
   * and X-Request-Id; an error answer that is not retried is thrown as ApiError. A connection
   * that breaks while `consume` reads the body counts as a connection error.
   */
  async send<R>(
    url: string,
    init: {
      method: string;
      body?: string;
      headers?: Record<string, string>;
      signal?: AbortSignal;
      retry?: RetryMode;
      maxRetries?: number;
    },
    consume: (response: Response) => Promise<R>,
  ): Promise<{ result: R; requestId: string }> {
    const requestId = init.headers?.["x-request-id"] ?? newRequestId();
    const headers = await this.headers({ ...init.headers, "x-request-id": requestId });
    const maxRetries = init.maxRetries ?? this.retry.maxRetries;
    const mode = init.retry ?? "default";
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      let result: R;
      try {
        response = await this.#fetch(url, { method: init.method, headers, body: init.body, signal: init.signal });
        if (response.ok) result = await consume(response);
      } catch (error) {
        // The caller's own abort is an answer, not a failure to retry.
        if (init.signal?.aborted) throw init.signal.reason ?? error;
        // A 2xx body that is not what its content type says would be the same on a retry.
        if (error instanceof SyntaxError) throw error;
        if (attempt >= maxRetries || !shouldRetry("connection", mode)) {
          throw new ApiConnectionError(
            `Could not reach ${new URL(url).origin}: ${(error as Error).message}`,
            requestId,
            { cause: error },
          );
        }
        await sleep(retryDelayMs(attempt, this.retry, null) ?? 0, init.signal);
        continue;
      }
      if (response.ok) return { result: result!, requestId };
      const error = await apiErrorFrom(response, requestId);
      if (attempt >= maxRetries || !shouldRetry(error, mode)) throw error;
      const wait = retryDelayMs(attempt, this.retry, retryAfterMs(response.headers.get("retry-after")));
      if (wait === null) throw error;
      await sleep(wait, init.signal);
    }
  }
}

async function readResult<T>(response: Response): Promise<{ data: T; status: number; headers: Headers }> {
  const text = response.status === 204 ? "" : await response.text();
  const type = response.headers.get("content-type") ?? "";
  const data = (text === "" ? undefined : type.includes("json") ? JSON.parse(text) : text) as T;
  return { data, status: response.status, headers: response.headers };
}

/** A fresh Idempotency-Key: a UUID fits the service's 1-128 `[A-Za-z0-9._:-]` rule. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}
