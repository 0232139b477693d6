import { isNode, isScalar, parse, parseDocument as parseYamlDocument, stringify, YAMLParseError } from "yaml";

export type TDocumentFormat = "yaml" | "json";

/** A failed parse says where the text stops making sense (an offset), when the parser knows. */
export type TParsedText = { ok: true; value: unknown } | { ok: false; message: string; offset: number | null };

/** YAML is a superset of JSON, so one parser reads both formats the editor offers. */
export function parseDocument(text: string): TParsedText {
  try {
    return { ok: true, value: parse(text) ?? null };
  } catch (error) {
    const offset = error instanceof YAMLParseError ? error.pos[0] : null;
    return { ok: false, message: (error as Error).message.split("\n")[0]!, offset };
  }
}

export function formatDocument(value: unknown, format: TDocumentFormat): string {
  return format === "json" ? `${JSON.stringify(value, null, 2)}\n` : stringify(value, { lineWidth: 0 });
}

/** `steps[2].next` -> ["steps", 2, "next"]; "" -> []. */
function pathKeys(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) =>
    match[2] !== undefined ? Number(match[2]) : match[1]!,
  );
}

/**
 * Where a finding's path (`steps[2].next`, the validator's notation) is in the text, in YAML
 * or JSON alike: the node itself, else its closest ancestor that exists (a missing field is
 * shown on the object that lacks it). Null for the whole document or text that does not parse.
 */
export function rangeOfPath(text: string, path: string): { from: number; to: number } | null {
  const keys = pathKeys(path);
  if (keys.length === 0) return null;
  const document = parseYamlDocument(text);
  if (document.errors.length > 0) return null;
  for (let depth = keys.length; depth > 0; depth--) {
    const node: unknown = document.getIn(keys.slice(0, depth), true);
    if (!isNode(node) || !node.range) continue;
    const [from, end] = node.range;
    // A step or object spans many lines: its first line is enough to find it.
    const lineEnd = isScalar(node) ? end : text.indexOf("\n", from);
    return { from, to: Math.max(lineEnd < 0 || lineEnd > end ? end : lineEnd, from + 1) };
  }
  return null;
}
