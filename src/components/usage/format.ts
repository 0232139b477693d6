export const formatCount = (value: number) => value.toLocaleString("en-US");
export const formatUsd = (value: number) =>
  value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
/** "2026-03-05" as "Mar 5" (UTC days, so no time zone can move them). */
export const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** Today as a UTC day, and the day `days` before it. */
export function utcDay(now: Date, daysBack = 0): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack));
  return day.toISOString().slice(0, 10);
}

/** Chart colours from the design tokens' palette (one hue per outcome, kept across charts). */
export const COLORS = {
  completed: "#12b76a",
  failed: "#d92d20",
  waiting: "#f79009",
  running: "#4f46e5",
  input: "#4f46e5",
  output: "#a5b4fc",
  cost: "#0e9384",
  approvals: "#f79009",
  limit: "#d92d20",
} as const;
