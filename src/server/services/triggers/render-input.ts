const MAX_DEPTH = 6;

function scalar(value: unknown): string {
  if (value === null || value === undefined) return "(none)";
  if (typeof value === "string") return value.includes("\n") ? JSON.stringify(value) : value;
  return String(value);
}

function lines(value: unknown, indent: string, depth: number): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}- (empty list)`];
    return value.flatMap((item) =>
      isNested(item) && depth < MAX_DEPTH
        ? [`${indent}-`, ...lines(item, `${indent}  `, depth + 1)]
        : [`${indent}- ${render(item)}`],
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [`${indent}- (nothing)`];
  return entries.flatMap(([key, item]) =>
    isNested(item) && depth < MAX_DEPTH
      ? [`${indent}- ${key}:`, ...lines(item, `${indent}  `, depth + 1)]
      : [`${indent}- ${key}: ${render(item)}`],
  );
}

const isNested = (value: unknown) => Boolean(value) && typeof value === "object";
// Below the depth limit the rest is shown as JSON rather than cut off.
const render = (value: unknown) => (isNested(value) ? JSON.stringify(value) : scalar(value));

/**
 * What an agent subscriber receives as its message (spec 4.5): `input.prompt` when it is a
 * non-blank string, otherwise the payload as readable text, one "- key: value" line per field,
 * nested objects and lists indented below their key.
 */
export function agentMessageFor(triggerName: string, input: Record<string, unknown>): string {
  const prompt = input.prompt;
  if (typeof prompt === "string" && prompt.trim() !== "") return prompt;
  return renderInputAsText(triggerName, input);
}

export function renderInputAsText(triggerName: string, input: Record<string, unknown>): string {
  if (Object.keys(input).length === 0) return `Trigger "${triggerName}" fired without input.`;
  return [`Trigger "${triggerName}" fired with:`, ...lines(input, "", 0)].join("\n");
}
