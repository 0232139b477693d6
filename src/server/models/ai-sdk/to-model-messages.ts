import type { JSONValue, ModelMessage, ToolResultPart } from "ai";
import type { TModelMessage } from "@/server/models/types";
import type { TToolNameMap } from "./tool-names";

function toJsonValue(value: unknown): JSONValue {
  if (value === undefined) return null;
  // Round-trip drops what JSON cannot carry (Dates become strings, undefined fields vanish).
  return JSON.parse(JSON.stringify(value)) as JSONValue;
}

function toolResultPart(message: Extract<TModelMessage, { role: "tool" }>, names: TToolNameMap): ToolResultPart {
  const value = toJsonValue(message.result);
  return {
    type: "tool-result",
    toolCallId: message.toolCallId,
    toolName: names.toProvider(message.name),
    output: message.isError ? { type: "error-json", value } : { type: "json", value },
  };
}

/**
 * Our history to AI SDK messages. Consecutive tool results become one tool message, because
 * Anthropic requires every result of a step in the one user turn that follows it.
 */
export function toModelMessages(messages: TModelMessage[], names: TToolNameMap): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      out.push({ role: "user", content: message.content });
    } else if (message.role === "assistant") {
      const calls = (message.toolCalls ?? []).map((call) => ({
        type: "tool-call" as const,
        toolCallId: call.id,
        toolName: names.toProvider(call.name),
        input: call.args,
      }));
      const text = message.content ? [{ type: "text" as const, text: message.content }] : [];
      out.push({ role: "assistant", content: [...text, ...calls] });
    } else {
      const part = toolResultPart(message, names);
      const previous = out.at(-1);
      if (previous?.role === "tool") previous.content.push(part);
      else out.push({ role: "tool", content: [part] });
    }
  }
  return out;
}
