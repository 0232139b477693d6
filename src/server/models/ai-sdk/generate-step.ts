import { jsonSchema, streamText, tool, type JSONSchema7, type LanguageModel, type ToolSet } from "ai";
import { costMicroUsd } from "@/server/models/pricing";
import type { TModelRequest, TModelStep } from "@/server/models/types";
import { mapProviderError, type TProviderLabel } from "./map-provider-error";
import { toModelMessages } from "./to-model-messages";
import { buildToolNameMap, type TToolNameMap } from "./tool-names";

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

/** One model step: streams text deltas, returns tool calls (with our wire ids) and usage. */
export async function generateStep(
  model: LanguageModel,
  label: TProviderLabel,
  request: TModelRequest,
  maxRetries: number,
): Promise<TModelStep> {
  const names = buildToolNameMap(request.tools.map((offered) => offered.name));
  try {
    const result = streamText({
      model,
      system: request.system || undefined,
      messages: toModelMessages(request.messages, names),
      tools: request.tools.length > 0 ? toolSet(request, names) : undefined,
      abortSignal: request.signal,
      maxRetries,
      // The SDK's default logs the whole error (response body included, which may quote the
      // key); the error is mapped and rethrown below instead.
      onError: () => undefined,
    });
    let text = "";
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        await request.onDelta?.(part.text);
      } else if (part.type === "error") {
        throw part.error;
      } else if (part.type === "abort") {
        throw request.signal.reason ?? new Error("aborted");
      }
    }
    const [calls, usage] = await Promise.all([result.toolCalls, result.usage]);
    const inputTokens = usage.inputTokens ?? 0;
    const outputTokens = usage.outputTokens ?? 0;
    return {
      text,
      toolCalls: calls.map((call) => ({
        id: call.toolCallId,
        name: names.toWire(call.toolName),
        args: (call.input ?? {}) as Record<string, unknown>,
      })),
      usage: { inputTokens, outputTokens, costMicroUsd: costMicroUsd(label.model, inputTokens, outputTokens) },
    };
  } catch (error) {
    throw mapProviderError(error, label, request.signal);
  }
}
