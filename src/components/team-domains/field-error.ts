import { appErrorWithDetails } from "@/components/authoring/errors";
import { errorMessage } from "@/client/app-error";

/**
 * Where a refusal belongs: on the named field when the service names one it is about
 * (`details.field`, or the first invalid input path), else above the form.
 */
export function refusalOn(error: unknown, fields: string[]): { field: string | null; message: string } {
  const body = appErrorWithDetails(error);
  const message = errorMessage(error);
  const named = body?.details?.field;
  if (typeof named === "string" && fields.includes(named)) return { field: named, message };
  const issues = body?.details?.issues;
  if (Array.isArray(issues)) {
    const first = issues[0] as { path?: string; message?: string } | undefined;
    const path = first?.path?.split(".")[0];
    if (path && fields.includes(path)) return { field: path, message };
  }
  return { field: null, message };
}
