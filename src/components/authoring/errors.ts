import { TRPCClientError } from "@trpc/client";
import type { z } from "zod";

type TAppErrorBody = { code: string; message: string; details?: Record<string, unknown> };

/** The service's error with its `details` (publish findings, conflict reasons), if any. */
export function appErrorWithDetails(error: unknown): TAppErrorBody | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { appError?: TAppErrorBody | null } | undefined;
  return data?.appError ?? null;
}

/**
 * One message per field from a failed contract parse. The contracts word some messages as
 * fragments ("must not be blank"); those get the field's label in front.
 */
export function fieldErrors(error: z.ZodError, labels: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (errors[field]) continue;
    const message = issue.message;
    const label = labels[field];
    errors[field] = label && /^[a-z]/.test(message) ? `${label} ${message}` : message;
  }
  return errors;
}

/**
 * The first problem of a failed contract parse, as a form shows it: fragments ("must not be
 * blank") get the label of their field in front, so every form words the same refusal alike.
 */
export function firstFieldError(error: z.ZodError, labels: Record<string, string> | string): string {
  const byField = fieldErrors(error, typeof labels === "string" ? { "": labels } : labels);
  return Object.values(byField)[0] ?? "Check the fields";
}
