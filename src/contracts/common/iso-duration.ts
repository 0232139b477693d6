/**
 * ISO 8601 durations of fixed length: weeks, days, hours, minutes and seconds (`P7D`, `PT30M`,
 * `P1DT12H`, `P2W`, `PT90S`). Years and months have no fixed length, so they are refused rather
 * than guessed. Pure: used by contracts and services alike.
 */
export const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

const UNIT_MS = [7 * 86_400_000, 86_400_000, 3_600_000, 60_000, 1_000] as const;

/** Milliseconds of the duration, or null when it is not one (or names years or months). */
export function parseIsoDuration(text: string): number | null {
  const match = DURATION.exec(text);
  if (!match || text === "P" || text.endsWith("T")) return null;
  const parts = match.slice(1);
  if (parts.every((part) => part === undefined)) return null;
  return parts.reduce((total, part, index) => total + (part ? Number(part) * UNIT_MS[index]! : 0), 0);
}
