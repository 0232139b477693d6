import type { TModelAdapter, TModelMessage } from "@/server/models/types";
import { procedureCalls } from "./procedure-calls";
import { summarizeToolResult } from "./procedure-model";
import { builtinUsage, currentTurn } from "./usage";

/**
 * builtin:assistant: a deterministic stand-in for an assistant's LLM, driven by the message
 * text. Each call line of the turn's input (`#<tool wire id> {json args}`, the procedure
 * grammar) is one tool call, made one per step in text order, and only when the agent offers
 * that tool; then it answers with a line per result. An input without call lines is echoed.
 * So a test (or the fixture world) makes an assistant propose any action by what it posts.
 */
export const assistantModel: TModelAdapter = {
  id: "builtin:assistant",
  async generate(request) {
    const { userMessage, after } = currentTurn(request.messages);
    const results = after.filter(
      (message): message is Extract<TModelMessage, { role: "tool" }> => message.role === "tool",
    );
    const offered = new Set(request.tools.map((tool) => tool.name));
    const calls = procedureCalls(userMessage).filter((call) => offered.has(call.tool));
    const next = calls[results.length];
    if (next) {
      const toolCalls = [{ id: `call-${results.length + 1}`, name: next.tool, args: next.args }];
      return { text: "", toolCalls, usage: builtinUsage(request, JSON.stringify(toolCalls)), stopReason: "tool-calls" };
    }
    const text = results.length ? ["Done:", ...results.map(summarizeToolResult)].join("\n") : `Echo: ${userMessage}`;
    return { text, toolCalls: [], usage: builtinUsage(request, text), stopReason: "stop" };
  },
};
