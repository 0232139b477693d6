/**
 * The verifier's view of tool references. The `#<tool wire id>` grammar itself lives in
 * contracts/agents/tool-references.ts, shared with the builtin:procedure model and the editor.
 */
export { scanBareToolIds, scanToolReferences, type TToolReference } from "@/contracts/agents/tool-references";

/** Levenshtein distance, or `limit + 1` as soon as it is known to exceed `limit`. */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `wanted` (case-insensitive edit distance), if close enough to be a
 * likely typo: at most a third of the candidate's length, and at least 2 edits allowed. Ties go
 * to the alphabetically first candidate so the answer is stable.
 */
export function closestMatch(wanted: string, candidates: Iterable<string>): string | null {
  const needle = wanted.toLowerCase();
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of [...candidates].sort()) {
    const limit = Math.max(2, Math.floor(candidate.length / 3));
    const distance = boundedDistance(
      needle,
      candidate.toLowerCase(),
      best ? Math.min(limit, best.distance - 1) : limit,
    );
    if (distance <= limit && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate ?? null;
}
