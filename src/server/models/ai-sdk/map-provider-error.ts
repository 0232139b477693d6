import { APICallError, InvalidResponseDataError, LoadAPIKeyError, RetryError } from "ai";
import { ModelError } from "@/server/models/types";
import { terminalEventName } from "./stream-ending";
import { streamErrorDetail } from "./stream-error";

export type TProviderLabel = {
  provider: "openai" | "anthropic" | "openai-compatible";
  model: string;
  keyVariable: string;
  secrets: string[];
};

/** What the call itself knows beyond the error: a limit that fired, the wire's last status. */
export type TCallFacts = { timeout?: ModelError; httpStatus?: number };

/** Removes the configured keys and anything shaped like a provider key from provider text. */
export function redactSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join("[redacted]");
  return out.replace(/\b(sk|sk-ant|sk-proj)-[A-Za-z0-9_*-]{6,}/g, "[redacted]");
}

const clean = (text: string, secrets: string[]) =>
  redactSecrets(text, secrets).replace(/\s+/g, " ").trim().slice(0, 300);

function providerDetail(error: APICallError, secrets: string[]): string {
  const data = error.data as { error?: { message?: unknown } } | undefined;
  const raw = typeof data?.error?.message === "string" ? data.error.message : (error.responseBody ?? "");
  const text = clean(String(raw), secrets);
  return text ? ` The provider said: ${text}` : "";
}

function retryAfter(error: APICallError): string {
  const headers = error.responseHeaders ?? {};
  const seconds =
    headers["retry-after"] ?? (headers["retry-after-ms"] && `${Number(headers["retry-after-ms"]) / 1000}`);
  if (!seconds) return "";
  return /^\d+(\.\d+)?$/.test(seconds)
    ? ` The provider asks to retry after ${seconds} s.`
    : ` The provider asks to retry after ${seconds.slice(0, 40)}.`;
}

/** An error event inside a successful stream: the provider's own code and message. */
function streamFailure(label: TProviderLabel, code: string | undefined, message: string): ModelError {
  const what = code ? ` (${clean(code, label.secrets).slice(0, 60)})` : "";
  return new ModelError(
    "MODEL_FAILED",
    `The ${label.provider} provider reported an error while answering${what}: ${clean(message, label.secrets)}`,
  );
}

function connectionClosed(label: TProviderLabel): ModelError {
  return new ModelError(
    "MODEL_FAILED",
    `The ${label.provider} provider closed the connection before its answer was complete (network error). This is usually temporary; retry later.`,
  );
}

function fromStatus(error: APICallError, label: TProviderLabel): ModelError {
  const who = `The ${label.provider} provider`;
  const status = error.statusCode;
  if (status === undefined) {
    return new ModelError(
      "MODEL_FAILED",
      `${who} could not be reached or the connection was closed (network error). Check the service's network access and the provider base URL, then retry.`,
    );
  }
  // The SDK gives a 2xx status when reading a successful response failed (the connection dropped).
  if (status >= 200 && status < 300) return connectionClosed(label);
  if (status === 401 || status === 403) {
    // Never echo the provider text here: OpenAI quotes part of the rejected key.
    return new ModelError(
      "MODEL_UNAVAILABLE",
      `${who} rejected the API key (HTTP ${status}). Check ${label.keyVariable} on this service.`,
    );
  }
  if (status === 404) {
    return new ModelError(
      "MODEL_UNAVAILABLE",
      `${who} does not know the model "${label.model}" (HTTP 404). Check the model name in the agent's Setup.`,
    );
  }
  if (status === 429) {
    return new ModelError(
      "MODEL_FAILED",
      `${who} is rate limiting this service or its quota is used up (HTTP 429). Retry later, or raise the provider account's limits.${retryAfter(error)}${providerDetail(error, label.secrets)}`,
    );
  }
  if (status >= 500) {
    return new ModelError("MODEL_FAILED", `${who} failed (HTTP ${status}). This is usually temporary; retry later.`);
  }
  return new ModelError(
    "MODEL_FAILED",
    `${who} refused the request (HTTP ${status}).${providerDetail(error, label.secrets)}`,
  );
}

/** The stream ended before the provider's terminal event: never a successful (truncated) answer. */
export function incompleteStream(label: TProviderLabel): ModelError {
  return new ModelError(
    "MODEL_STREAM_INCOMPLETE",
    `The ${label.provider} provider's answer ended before it was complete (no ${terminalEventName(label.provider)}); the partial answer was discarded. Retry the message.`,
  );
}

/** Any failure of a provider call as a ModelError whose message a person can act on; never the key. */
export function mapProviderError(
  error: unknown,
  label: TProviderLabel,
  signal: AbortSignal,
  facts: TCallFacts = {},
): ModelError {
  if (signal.aborted)
    return new ModelError(
      "MODEL_FAILED",
      "The model call was cancelled (the turn was cancelled or passed its deadline).",
    );
  if (facts.timeout) return facts.timeout;
  if (error instanceof ModelError) return error;
  if (RetryError.isInstance(error)) return mapProviderError(error.lastError, label, signal, facts);
  if (APICallError.isInstance(error)) {
    // An error event before any output (OpenAI): the SDK gives it a status; the wire said 2xx.
    const detail = streamErrorDetail(error);
    const wireOk = facts.httpStatus !== undefined && facts.httpStatus >= 200 && facts.httpStatus < 300;
    if (detail && wireOk) return streamFailure(label, detail.code, detail.message);
    return fromStatus(error, label);
  }
  if (LoadAPIKeyError.isInstance(error)) {
    return new ModelError(
      "MODEL_UNAVAILABLE",
      `The ${label.provider} provider is not configured (${label.keyVariable} is not set).`,
    );
  }
  if (InvalidResponseDataError.isInstance(error) && /without a finish reason/i.test(error.message))
    return incompleteStream(label);
  const detail = streamErrorDetail(error);
  if (detail) return streamFailure(label, detail.code, detail.message);
  const message =
    error instanceof Error ? error.message : typeof error === "object" ? JSON.stringify(error) : String(error);
  return new ModelError(
    "MODEL_FAILED",
    `The ${label.provider} model "${label.model}" failed: ${redactSecrets(message, label.secrets).slice(0, 300)}`,
  );
}
