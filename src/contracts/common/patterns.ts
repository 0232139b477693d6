// Patterns the server checks by hand (with their own error codes), shared with the contracts so
// the OpenAPI documents state them as `pattern` (docs/decisions.md, "What the documents declare").

/** Spec 4.5 rule 2 (and section 8): an idempotency key is 1-128 letters, digits, `.`, `_`, `:`, `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A URL segment as a DNS label: 1-63 lowercase letters, digits and "-", starting and ending
 * with a letter or digit. It becomes the organization's slug, so it must also be usable there.
 */
export const CLIENT_SEGMENT_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
