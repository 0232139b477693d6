import type { TModelAdapter, TModelMessage } from "@/server/models/types";
import { procedureCalls, substitute } from "./procedure-calls";
import { builtinUsage, currentTurn } from "./usage";

const BODY_PREVIEW = 200;

function preview(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
  return text.length > BODY_PREVIEW ? `${text.slice(0, BODY_PREVIEW)}…` : text;
}

/** One line of the reply per tool result: what ran and how it went. */
export function summarizeToolResult(result: Extract<TModelMessage, { role: "tool" }>): string {
  const value = result.result as Record<string, unknown> | string | null;
  if (result.isError) {
    const error = (value && typeof value === "object" ? value.error : null) as {
      code?: string;
      message?: string;
    } | null;
    const reason = error ? `${error.code ?? "ERROR"}: ${error.message ?? ""}` : preview(value);
    return `- ${result.name}: failed (${reason})`;
  }
  if (value && typeof value === "object" && typeof value.status === "number") {
    return `- ${result.name}: HTTP ${value.status} ${preview(value.body)}`;
  }
  return `- ${result.name}: ${preview(value)}`;
}

/**
 * builtin:procedure: runs the procedure's spelled-out tool calls one per step, in order (the
 * turn loop runs each and calls again), then answers with a summary of the results. It counts
 * the tool results already in the turn, so a turn resumed after an approval or a crash
 * continues with the next call.
 */
export const procedureModel: TModelAdapter = {
  id: "builtin:procedure",
  async generate(request) {
    const { userMessage, after } = currentTurn(request.messages);
    const results = after.filter(
      (message): message is Extract<TModelMessage, { role: "tool" }> => message.role === "tool",
    );
    const calls = procedureCalls(request.procedure);
    const next = calls[results.length];
    if (next) {
      const args = substitute(next.args, userMessage) as Record<string, unknown>;
      const toolCalls = [{ id: `call-${results.length + 1}`, name: next.tool, args }];
      return { text: "", toolCalls, usage: builtinUsage(request, JSON.stringify(toolCalls)), stopReason: "tool-calls" };
    }
    const text = results.length
      ? [
          `Done: ${results.length} tool call${results.length === 1 ? "" : "s"}.`,
          ...results.map(summarizeToolResult),
        ].join("\n")
      : "Done: the procedure has no tool calls to run.";
    return { text, toolCalls: [], usage: builtinUsage(request, text), stopReason: "stop" };
  },
};
