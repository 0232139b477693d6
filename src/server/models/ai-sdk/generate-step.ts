import {
  jsonSchema,
  streamText,
  tool,
  type FinishReason,
  type JSONSchema7,
  type LanguageModel,
  type ToolSet,
} from "ai";
import { env } from "@/server/env";
import { costMicroUsd } from "@/server/models/pricing";
import type { TModelRequest, TModelStep, TModelStopReason } from "@/server/models/types";
import { startCallLimits } from "./call-limits";
import { incompleteStream, mapProviderError, type TProviderLabel } from "./map-provider-error";
import { observedFetch, type TWireFacts } from "./observed-fetch";
import { reportModelCall } from "./report-call";
import { isTerminalChunk } from "./stream-ending";
import { toModelMessages } from "./to-model-messages";
import { buildToolNameMap, type TToolNameMap } from "./tool-names";

/** A provider's language model, built per call around the call's own fetch. */
export type TModelBuilder = (fetch: typeof globalThis.fetch) => LanguageModel;

function toolSet(request: TModelRequest, names: TToolNameMap): ToolSet {
  const tools: ToolSet = {};
  for (const offered of request.tools) {
    // No execute: the SDK returns the call instead of running it.
    tools[names.toProvider(offered.name)] = tool({
      description: offered.description,
      inputSchema: jsonSchema(offered.inputSchema as JSONSchema7),
    });
  }
  return tools;
}

function stopReason(reason: FinishReason | undefined, hasCalls: boolean): TModelStopReason {
  if (hasCalls) return "tool-calls";
  if (reason === "stop" || reason === "length" || reason === "content-filter" || reason === "tool-calls") return reason;
  return "other";
}

/**
 * One model step: streams text deltas, returns tool calls (with our wire ids), usage and why the
 * model stopped. The call is bounded by the first-byte and stream-idle limits (call-limits.ts),
 * fails MODEL_STREAM_INCOMPLETE when the stream lacks its terminal event, and is counted and,
 * when it fails, logged (report-call.ts).
 */
export async function generateStep(
  build: TModelBuilder,
  label: TProviderLabel,
  request: TModelRequest,
  maxRetries: number,
): Promise<TModelStep> {
  const names = buildToolNameMap(request.tools.map((offered) => offered.name));
  const limits = startCallLimits(request.signal, label.provider, {
    firstByteSeconds: env.MODEL_FIRST_BYTE_TIMEOUT_SECONDS,
    idleSeconds: env.MODEL_STREAM_IDLE_TIMEOUT_SECONDS,
  });
  const wire: TWireFacts = {};
  const startedAt = performance.now();
  try {
    const result = streamText({
      model: build(observedFetch(wire, limits.responded)),
      system: request.system || undefined,
      messages: toModelMessages(request.messages, names),
      tools: request.tools.length > 0 ? toolSet(request, names) : undefined,
      abortSignal: limits.signal,
      maxRetries,
      // The raw chunks show whether the provider sent its terminal event (stream-ending.ts).
      includeRawChunks: true,
      // OpenAI keeps no copy of the conversation unless OPENAI_STORE=1.
      providerOptions: label.provider === "openai" ? { openai: { store: env.OPENAI_STORE } } : undefined,
      // The SDK's default logs the whole error (response body included, which may quote the
      // key); the error is mapped and rethrown below instead.
      onError: () => undefined,
    });
    let text = "";
    let ended = false;
    let finishReason: FinishReason | undefined;
    let usage = { inputTokens: 0, outputTokens: 0 };
    for await (const part of result.fullStream) {
      limits.activity();
      if (part.type === "raw") {
        if (isTerminalChunk(label.provider, part.rawValue)) ended = true;
      } else if (part.type === "text-delta") {
        text += part.text;
        await request.onDelta?.(part.text);
      } else if (part.type === "finish-step") {
        finishReason = part.finishReason;
        usage = { inputTokens: part.usage.inputTokens ?? 0, outputTokens: part.usage.outputTokens ?? 0 };
      } else if (part.type === "error") {
        throw part.error;
      } else if (part.type === "abort") {
        throw limits.timeout() ?? request.signal.reason ?? new Error("aborted");
      }
    }
    if (!ended) throw incompleteStream(label);
    const calls = await result.toolCalls;
    reportModelCall({ label, startedAt, wire, usage });
    return {
      text,
      toolCalls: calls.map((call) => ({
        id: call.toolCallId,
        name: names.toWire(call.toolName),
        args: (call.input ?? {}) as Record<string, unknown>,
      })),
      usage: { ...usage, costMicroUsd: costMicroUsd(label.model, usage.inputTokens, usage.outputTokens) },
      stopReason: stopReason(finishReason, calls.length > 0),
    };
  } catch (error) {
    const mapped = mapProviderError(error, label, request.signal, {
      timeout: limits.timeout(),
      httpStatus: wire.status,
    });
    reportModelCall({ label, startedAt, wire, error: mapped });
    throw mapped;
  } finally {
    limits.dispose();
  }
}
