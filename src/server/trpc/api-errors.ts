import type { TRPCError } from "@trpc/server";
import { AppError, findAppError, validationError, type TIssue } from "@/server/errors";
import { log } from "@/server/log";

/**
 * Turns whatever the OpenAPI adapter caught into the AppError whose envelope the client gets.
 * Services throw AppError; the rest comes from tRPC or the adapter itself.
 */
export function toAppError(
  error: TRPCError | undefined,
  req: Request,
  requestId: string,
  allowed: string[] = [],
): AppError {
  const appError = findAppError(error);
  if (appError) return appError;
  const { pathname } = new URL(req.url);
  const issues = (error?.cause as { issues?: TIssue[] } | undefined)?.issues;
  switch (error?.code) {
    case "BAD_REQUEST":
      if (issues) return validationError(issues);
      return new AppError("VALIDATION", error.message);
    case "PARSE_ERROR":
      return new AppError("VALIDATION", "The request body is not valid JSON.");
    case "NOT_FOUND":
      if (allowed.length) {
        return new AppError(
          "METHOD_NOT_ALLOWED",
          `${req.method} is not supported on ${pathname}; use ${allowed.join(" or ")}.`,
          {
            headers: { allow: allowed.join(", ") },
          },
        );
      }
      return new AppError(
        "NOT_FOUND",
        `No route matches ${req.method} ${pathname}. The routes of this API are listed in its openapi.json.`,
      );
    case "METHOD_NOT_SUPPORTED":
      return new AppError("METHOD_NOT_ALLOWED", `${req.method} is not supported on ${pathname}.`);
    case "UNSUPPORTED_MEDIA_TYPE":
      return new AppError(
        "VALIDATION",
        "Send the request body as JSON with the header Content-Type: application/json.",
        { status: 415 },
      );
    case "PAYLOAD_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");
    default:
      log.error("unhandled error", { requestId, path: pathname, error: error?.cause ?? error });
      return new AppError(
        "INTERNAL",
        `Something went wrong on our side. Quote request id ${requestId} if you contact support.`,
      );
  }
}
