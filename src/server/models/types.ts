import type { TJsonSchema } from "@/server/integrations/types";

// The one interface every model implements (builtin:* and the AI SDK providers), so the turn
// loop, its events and tool invocation are the same whichever model an agent names.

export type TModelToolCall = { id: string; name: string; args: Record<string, unknown> };

export type TModelMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: TModelToolCall[] }
  | { role: "tool"; toolCallId: string; name: string; result: unknown; isError?: boolean };

/** A tool offered to the model; `name` is the tool wire id (adapters map it to what a provider accepts). */
export type TModelTool = { name: string; description: string; inputSchema: TJsonSchema };

export type TModelUsage = { inputTokens: number; outputTokens: number; costMicroUsd: number };

export type TModelRequest = {
  /** Principles, then the procedure, then knowledge context: the system prompt. */
  system: string;
  messages: TModelMessage[];
  tools: TModelTool[];
  /** The published procedure text (builtin:procedure executes it; LLMs see it in `system`). */
  procedure: string;
  signal: AbortSignal;
  /** Streams text as it is produced (message.delta); optional for models that answer at once. */
  onDelta?: (text: string) => void | Promise<void>;
};

/**
 * Why the model stopped: its answer was complete ("stop"), it wants tools run ("tool-calls"),
 * it hit its output limit ("length": the text is cut), the provider filtered it, or another
 * reason the provider named.
 */
export type TModelStopReason = "stop" | "length" | "tool-calls" | "content-filter" | "other";

/** One model step: either tool calls to run (then the loop calls again) or the final text. */
export type TModelStep = {
  text: string;
  toolCalls: TModelToolCall[];
  usage: TModelUsage;
  stopReason: TModelStopReason;
};

export type TModelAdapter = { id: string; generate(request: TModelRequest): Promise<TModelStep> };

/**
 * MODEL_UNAVAILABLE: not configured, key rejected, unknown model. MODEL_FAILED: the provider
 * failed or refused the call. MODEL_TIMEOUT: the provider was silent past a call time limit.
 * MODEL_STREAM_INCOMPLETE: the answer's stream ended before its terminal event.
 */
export type TModelErrorCode = "MODEL_UNAVAILABLE" | "MODEL_FAILED" | "MODEL_TIMEOUT" | "MODEL_STREAM_INCOMPLETE";

/** Thrown by adapters for provider failures; the turn fails with this code and message. */
export class ModelError extends Error {
  constructor(
    readonly code: TModelErrorCode,
    message: string,
  ) {
    super(message);
  }
}
