/**
 * Flow templates: `{{input.<path>}}` and `{{steps.<stepId>.output.<path>}}` (paths optional:
 * `{{input}}` is the whole input). A string that is exactly one template keeps the value's
 * JSON type; inside a longer string the value is stringified.
 */

const TEMPLATE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]*?)\s*\}\}$/;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

export type TTemplateRef = { source: "input"; path: string[] } | { source: "step"; stepId: string; path: string[] };

export type TParsedRef = { text: string; ref: TTemplateRef | null };

/** The reference a template's inner expression names, or null when it names nothing valid. */
export function parseRef(expression: string): TTemplateRef | null {
  const parts = expression.split(".");
  if (parts.some((part) => !SEGMENT.test(part))) return null;
  if (parts[0] === "input") return { source: "input", path: parts.slice(1) };
  if (parts[0] === "steps" && parts.length >= 3 && parts[2] === "output")
    return { source: "step", stepId: parts[1]!, path: parts.slice(3) };
  return null;
}

/** Every template in a string, with its parsed reference (null = malformed). */
export function templatesIn(text: string): TParsedRef[] {
  return [...text.matchAll(TEMPLATE)].map((match) => ({ text: match[0], ref: parseRef(match[1]!) }));
}

/** Every template in a JSON value (strings at any depth, object keys excluded). */
export function templatesInValue(value: unknown): TParsedRef[] {
  if (typeof value === "string") return templatesIn(value);
  if (Array.isArray(value)) return value.flatMap(templatesInValue);
  if (value && typeof value === "object") return Object.values(value).flatMap(templatesInValue);
  return [];
}

export type TTemplateContext = { input: unknown; steps: Record<string, { output: unknown }> };

function walk(value: unknown, path: string[]): unknown {
  let current = value;
  for (const segment of path) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (current && typeof current === "object" && Object.hasOwn(current, segment))
      current = (current as Record<string, unknown>)[segment];
    else return undefined;
  }
  return current;
}

/** The value a reference names in a run's context; undefined when absent. */
export function resolveRef(ref: TTemplateRef, context: TTemplateContext): unknown {
  if (ref.source === "input") return walk(context.input, ref.path);
  const step = context.steps[ref.stepId];
  return step ? walk(step.output, ref.path) : undefined;
}

function stringify(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Renders one string: a lone template yields the value itself (absent = null). */
export function renderString(text: string, context: TTemplateContext): unknown {
  const whole = WHOLE.exec(text);
  if (whole) {
    const ref = parseRef(whole[1]!);
    if (ref) return resolveRef(ref, context) ?? null;
  }
  return text.replace(TEMPLATE, (match, expression: string) => {
    const ref = parseRef(expression);
    return ref ? stringify(resolveRef(ref, context)) : match;
  });
}

/** Renders every string in a JSON value (keys are left as written). */
export function renderValue(value: unknown, context: TTemplateContext): unknown {
  if (typeof value === "string") return renderString(value, context);
  if (Array.isArray(value)) return value.map((item) => renderValue(item, context));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderValue(item, context)]));
  }
  return value;
}
