import { Cron } from "croner";
import { AppError } from "@/server/errors";

export const DEFAULT_TIMEZONE = "UTC";

/** The IANA zone in its canonical spelling, or a 400 naming the field. */
export function canonicalTimezone(timezone: string | undefined): string {
  const zone = timezone ?? DEFAULT_TIMEZONE;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new AppError(
      "VALIDATION",
      `timezone: "${zone}" is not an IANA time zone; use a name such as "UTC", "Europe/Berlin" or "America/New_York".`,
      {
        details: { field: "timezone" },
      },
    );
  }
}

/**
 * The first firing strictly after `after`, reading the 5-field expression in the zone. Only
 * 5 fields are accepted: croner also takes seconds and nicknames, which would let a trigger
 * fire every second or read differently from what the person wrote.
 */
export function nextFireAfter(cron: string, timezone: string, after: Date = new Date()): Date | null {
  return new Cron(cron, { timezone, paused: true }).nextRun(after);
}

/** Validates the expression and zone; returns the canonical zone and the next firing. */
export function planSchedule(
  cron: string,
  timezone: string | undefined,
  now = new Date(),
): { timezone: string; nextFireAt: Date } {
  const zone = canonicalTimezone(timezone);
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) {
    throw new AppError(
      "VALIDATION",
      `cron: "${cron}" has ${fields.length} field(s); write 5: minute hour day-of-month month day-of-week (e.g. "*/15 * * * *").`,
      {
        details: { field: "cron" },
      },
    );
  }
  let next: Date | null;
  try {
    next = nextFireAfter(fields.join(" "), zone, now);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^CronPattern:\s*/, "") : "it does not parse";
    throw new AppError("VALIDATION", `cron: "${cron}" is not a valid cron expression (${reason}).`, {
      details: { field: "cron" },
    });
  }
  if (!next)
    throw new AppError("VALIDATION", `cron: "${cron}" never fires; choose an expression with a future occurrence.`, {
      details: { field: "cron" },
    });
  return { timezone: zone, nextFireAt: next };
}
