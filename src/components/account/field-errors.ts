import { appErrorWithDetails } from "@/components/authoring/errors";

/** The service's per-field sentences from a refusal (`details.issues[].path`), or null when it named none. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  const issues = appErrorWithDetails(error)?.details?.issues;
  if (!Array.isArray(issues)) return null;
  const byField: Record<string, string> = {};
  for (const issue of issues as Array<{ path?: unknown; message?: unknown }>) {
    const field = typeof issue.path === "string" ? issue.path : "";
    if (field && typeof issue.message === "string" && !byField[field]) byField[field] = issue.message;
  }
  return Object.keys(byField).length ? byField : null;
}
