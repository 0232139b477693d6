import { Cron } from "croner";
import { AppError, validationError, type TIssue } from "@/server/errors";

export const DEFAULT_TIMEZONE = "UTC";

/** Why the zone is refused, or null when it is an IANA zone. */
function timezoneProblem(zone: string): string | null {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return null;
  } catch {
    return `"${zone}" is not an IANA time zone; use a name such as "UTC", "Europe/Berlin" or "America/New_York".`;
  }
}

/** The IANA zone in its canonical spelling, or a 400 naming the field. */
export function canonicalTimezone(timezone: string | undefined): string {
  const zone = timezone ?? DEFAULT_TIMEZONE;
  const problem = timezoneProblem(zone);
  if (problem) throw new AppError("VALIDATION", `timezone: ${problem}`, { details: { field: "timezone" } });
  return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
}

/**
 * The first firing strictly after `after`, reading the 5-field expression in the zone. Only
 * 5 fields are accepted: croner also takes seconds and nicknames, which would let a trigger
 * fire every second or read differently from what the person wrote.
 */
export function nextFireAfter(cron: string, timezone: string, after: Date = new Date()): Date | null {
  return new Cron(cron, { timezone, paused: true }).nextRun(after);
}

/** The next firing of the expression in the zone, or why the expression is refused. */
function readCron(cron: string, zone: string, now: Date): { next: Date } | { problem: string } {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5)
    return {
      problem: `"${cron}" has ${fields.length} field(s); write 5: minute hour day-of-month month day-of-week (e.g. "*/15 * * * *").`,
    };
  let next: Date | null;
  try {
    next = nextFireAfter(fields.join(" "), zone, now);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^CronPattern:\s*/, "") : "it does not parse";
    return { problem: `"${cron}" is not a valid cron expression (${reason}).` };
  }
  if (!next) return { problem: `"${cron}" never fires; choose an expression with a future occurrence.` };
  return { next };
}

/**
 * Validates the expression and zone; returns the canonical zone and the next firing. Both are
 * checked before anything is refused (the expression in UTC when the zone is bad), so a bad
 * time zone never hides a bad expression: one problem is a 400 naming its field
 * (`details.field`), both are one 400 VALIDATION listing both in `details.issues`.
 */
export function planSchedule(
  cron: string,
  timezone: string | undefined,
  now = new Date(),
): { timezone: string; nextFireAt: Date } {
  const zone = timezone ?? DEFAULT_TIMEZONE;
  const zoneProblem = timezoneProblem(zone);
  const read = readCron(cron, zoneProblem ? DEFAULT_TIMEZONE : zone, now);
  const issues: TIssue[] = [
    ...("problem" in read ? [{ path: ["cron"], message: read.problem, code: "invalid_cron" }] : []),
    ...(zoneProblem ? [{ path: ["timezone"], message: zoneProblem, code: "invalid_timezone" }] : []),
  ];
  if (issues.length > 1) throw validationError(issues);
  if (issues[0]) {
    const field = String(issues[0].path![0]);
    throw new AppError("VALIDATION", `${field}: ${issues[0].message}`, { details: { field } });
  }
  return { timezone: canonicalTimezone(zone), nextFireAt: (read as { next: Date }).next };
}
