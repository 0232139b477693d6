/** What the wire said about the last HTTP response of a call (the status and request id). */
export type TWireFacts = { status?: number; requestId?: string };

/**
 * A fetch for the provider that records each response's status and the provider's request id
 * (`x-request-id`, `request-id`) and tells `onResponse` the headers arrived.
 */
export function observedFetch(facts: TWireFacts, onResponse: (ok: boolean) => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    facts.status = response.status;
    facts.requestId = response.headers.get("x-request-id") ?? response.headers.get("request-id") ?? undefined;
    onResponse(response.ok);
    return response;
  };
}
