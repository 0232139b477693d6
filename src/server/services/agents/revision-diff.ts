import type { TDiffLine, TRevisionChange } from "@/contracts/agents/compare-revisions";
import { canonicalJson } from "./revision-json";

/** Beyond this many line pairs the comparison is left to the two texts (the table is quadratic). */
const MAX_LINE_PAIRS = 4_000_000;

/** Line-by-line comparison (longest common subsequence): removed lines before added ones at each change. */
export function lineDiff(before: string, after: string): TDiffLine[] | null {
  const a = before.split("\n");
  const b = after.split("\n");
  if (a.length * b.length > MAX_LINE_PAIRS) return null;
  // common[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const lines: TDiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ op: "same", text: a[i]! });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      lines.push({ op: "removed", text: a[i]! });
      i++;
    } else {
      lines.push({ op: "added", text: b[j]! });
      j++;
    }
  }
  return lines;
}

/** A value as a person reads it in a comparison: text as is, anything else as indented JSON with sorted keys. */
export function readable(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(JSON.parse(canonicalJson(value)), null, 2);
}

/** The change between two sides of one thing, or null when they are the same; undefined is "absent". */
export function changeOf(field: string, label: string, before: unknown, after: unknown): TRevisionChange | null {
  if (before === undefined && after === undefined) return null;
  if (before !== undefined && after !== undefined && canonicalJson(before) === canonicalJson(after)) return null;
  const beforeText = before === undefined ? null : readable(before);
  const afterText = after === undefined ? null : readable(after);
  return {
    field,
    label,
    change: before === undefined ? "added" : after === undefined ? "removed" : "changed",
    before: beforeText,
    after: afterText,
    lines: lineDiff(beforeText ?? "", afterText ?? ""),
  };
}
