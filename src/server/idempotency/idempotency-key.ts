import { AppError } from "@/server/errors";

import { IDEMPOTENCY_KEY_PATTERN } from "@/contracts/common/patterns";

export { IDEMPOTENCY_KEY_PATTERN };

/**
 * The request's idempotency key (rule 1: the `Idempotency-Key` header wins over the body's
 * `idempotencyKey`), or null when neither is given. Repeated headers reach us joined by ", "
 * (the Fetch API's rule), so a comma means repeated or comma-separated: both refused (rule 2).
 */
export function idempotencyKeyOf(headers: Headers, bodyKey: unknown): string | null {
  const header = headers.get("idempotency-key");
  if (header !== null) return checked(header, "The Idempotency-Key header");
  if (bodyKey === undefined || bodyKey === null) return null;
  if (typeof bodyKey !== "string") throw invalid("idempotencyKey must be a string.");
  return checked(bodyKey, "idempotencyKey");
}

function checked(value: string, what: string): string {
  if (value.includes(",")) {
    throw invalid(
      `${what} must be sent once with a single key; repeated headers and comma-separated values are refused.`,
    );
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw invalid(`${what} must be 1-128 characters from letters, digits, ".", "_", ":" and "-".`);
  }
  return value;
}

function invalid(message: string): AppError {
  return new AppError("VALIDATION", message, { details: { field: "idempotencyKey" } });
}
