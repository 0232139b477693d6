import type { TProviderLabel } from "./map-provider-error";

type TRaw = { type?: unknown; choices?: { finish_reason?: unknown }[] } | null | undefined;

/**
 * Whether a raw stream chunk is the provider's terminal event: OpenAI Responses
 * `response.completed` (or `response.incomplete` / `response.failed`), Anthropic
 * `message_stop`, Chat Completions a choice with a `finish_reason`. A stream that ends without
 * one was cut (a dropped connection, a proxy timeout): the SDK would otherwise hand back the
 * partial text as if complete (finish reason "other", no usage).
 */
export function isTerminalChunk(provider: TProviderLabel["provider"], raw: unknown): boolean {
  const chunk = raw as TRaw;
  if (!chunk || typeof chunk !== "object") return false;
  if (provider === "openai")
    return (
      chunk.type === "response.completed" || chunk.type === "response.incomplete" || chunk.type === "response.failed"
    );
  if (provider === "anthropic") return chunk.type === "message_stop";
  return Array.isArray(chunk.choices) && chunk.choices.some((choice) => choice?.finish_reason != null);
}

/** The name of the event whose absence makes a stream incomplete, for the error message. */
export function terminalEventName(provider: TProviderLabel["provider"]): string {
  if (provider === "openai") return "response.completed";
  if (provider === "anthropic") return "message_stop";
  return "a finish_reason";
}
