import { APICallError, LoadAPIKeyError, RetryError } from "ai";
import { ModelError } from "@/server/models/types";

export type TProviderLabel = {
  provider: "openai" | "anthropic" | "openai-compatible";
  model: string;
  keyVariable: string;
  secrets: string[];
};

/** Removes the configured keys and anything shaped like a provider key from provider text. */
export function redactSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join("[redacted]");
  return out.replace(/\b(sk|sk-ant|sk-proj)-[A-Za-z0-9_*-]{6,}/g, "[redacted]");
}

function providerDetail(error: APICallError, secrets: string[]): string {
  const data = error.data as { error?: { message?: unknown } } | undefined;
  const raw = typeof data?.error?.message === "string" ? data.error.message : (error.responseBody ?? "");
  const text = redactSecrets(String(raw), secrets).replace(/\s+/g, " ").trim().slice(0, 300);
  return text ? ` The provider said: ${text}` : "";
}

function fromStatus(error: APICallError, label: TProviderLabel): ModelError {
  const who = `The ${label.provider} provider`;
  const status = error.statusCode;
  if (status === undefined) {
    return new ModelError(
      "MODEL_FAILED",
      `${who} could not be reached (network error). Check the service's network access and the provider base URL, then retry.`,
    );
  }
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
      `${who} is rate limiting this service or its quota is used up (HTTP 429). Retry later, or raise the provider account's limits.${providerDetail(error, label.secrets)}`,
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

/** Any failure of a provider call as a ModelError whose message a person can act on; never the key. */
export function mapProviderError(error: unknown, label: TProviderLabel, signal: AbortSignal): ModelError {
  if (signal.aborted)
    return new ModelError(
      "MODEL_FAILED",
      "The model call was cancelled (the turn was cancelled or passed its deadline).",
    );
  if (error instanceof ModelError) return error;
  if (RetryError.isInstance(error)) return mapProviderError(error.lastError, label, signal);
  if (APICallError.isInstance(error)) return fromStatus(error, label);
  if (LoadAPIKeyError.isInstance(error)) {
    return new ModelError(
      "MODEL_UNAVAILABLE",
      `The ${label.provider} provider is not configured (${label.keyVariable} is not set).`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError(
    "MODEL_FAILED",
    `The ${label.provider} model "${label.model}" failed: ${redactSecrets(message, label.secrets).slice(0, 300)}`,
  );
}
