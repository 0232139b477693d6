import type { TModelMessage, TModelRequest, TModelUsage } from "@/server/models/types";

/** Estimated tokens of text: about four characters per token (the built-ins do not tokenize). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function messageText(message: TModelMessage): string {
  if (message.role === "tool") return JSON.stringify(message.result ?? null);
  if (message.role === "assistant")
    return message.content + (message.toolCalls ? JSON.stringify(message.toolCalls) : "");
  return message.content;
}

/**
 * Built-in models report estimated usage at zero cost, so token budgets apply offline exactly
 * as they do with a provider.
 */
export function builtinUsage(request: TModelRequest, output: string): TModelUsage {
  const input = request.system + request.messages.map(messageText).join("\n");
  return { inputTokens: estimateTokens(input), outputTokens: estimateTokens(output), costMicroUsd: 0 };
}

/** The messages of the current turn: everything after the last user message. */
export function currentTurn(messages: TModelMessage[]): { userMessage: string; after: TModelMessage[] } {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === "user") return { userMessage: message.content, after: messages.slice(index + 1) };
  }
  return { userMessage: "", after: messages };
}
