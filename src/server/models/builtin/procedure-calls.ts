import { replacePlaceholders, wholePlaceholder } from "@/contracts/agents/procedure-placeholders";
import { scanToolCallLines } from "@/contracts/agents/tool-references";

export type TProcedureCall = { tool: string; args: Record<string, unknown> };

/**
 * The tool calls a procedure spells out: each line whose `#<tool wire id>` reference is
 * followed by a JSON object is one call, in text order (the grammar's call lines). Other lines,
 * and call lines whose arguments are not a JSON object, are instructions for people and LLMs
 * and are ignored here.
 */
export function procedureCalls(procedure: string): TProcedureCall[] {
  const calls: TProcedureCall[] = [];
  for (const line of scanToolCallLines(procedure)) {
    try {
      const args: unknown = JSON.parse(line.argumentsText);
      if (args && typeof args === "object" && !Array.isArray(args))
        calls.push({ tool: line.id, args: args as Record<string, unknown> });
    } catch {
      // Not a JSON object after the reference: prose that mentions a tool.
    }
  }
  return calls;
}

function lookup(name: string, message: string, input: Record<string, unknown> | null): unknown {
  if (name === "message") return message;
  if (!name.startsWith("input.") || !input) return undefined;
  let value: unknown = input;
  for (const key of name.slice("input.".length).split(".")) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function parseInput(message: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(message);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Fills `{{message}}` and `{{input.<path>}}` (when the message is a JSON object) into every
 * string of the arguments. A string that is exactly one placeholder takes the value itself
 * (so numbers and objects keep their type); unknown placeholders become empty text.
 */
export function substitute(value: unknown, message: string, input = parseInput(message)): unknown {
  if (typeof value === "string") {
    const whole = wholePlaceholder(value);
    if (whole !== null) {
      const found = lookup(whole, message, input);
      return found === undefined ? "" : found;
    }
    return replacePlaceholders(value, (name) => {
      const found = lookup(name, message, input);
      if (found === undefined || found === null) return "";
      return typeof found === "string" ? found : JSON.stringify(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, message, input));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, message, input)]));
  }
  return value;
}
