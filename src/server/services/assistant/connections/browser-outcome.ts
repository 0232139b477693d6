/**
 * What a browser-facing step of the connect flow answers: a redirect, or a small page for the
 * cases with nowhere safe to send the person (an unknown, used or expired link).
 */
export type TBrowserOutcome =
  { kind: "redirect"; location: string } | { kind: "page"; status: number; title: string; message: string };

/**
 * return_to with the outcome appended: its own query is kept byte for byte (only our
 * parameters are added), so a platform's own state in it survives.
 */
export function returnToWith(returnTo: string, params: Record<string, string>): TBrowserOutcome {
  const url = new URL(returnTo);
  const added = new URLSearchParams(params).toString();
  url.search = url.search ? `${url.search}&${added}` : `?${added}`;
  return { kind: "redirect", location: url.href };
}

/** The `error` codes a browser may bring back to return_to (docs/assistant/connections.md). */
export type TReturnError = "access_denied" | "provider_error" | "link_expired" | "state_invalid" | "app_unavailable";

export const returnError = (returnTo: string, error: TReturnError) =>
  returnToWith(returnTo, { status: "error", error });
