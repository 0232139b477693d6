import { env, publicBaseUrl } from "@/server/env";

/**
 * The CSRF rule for cookie-authenticated state changes (docs/security.md): a browser attaches the
 * service_session cookie to requests that other sites start, so a change made with the cookie is
 * refused unless the browser says it came from this service's own pages. Bearer credentials are
 * never attached by a browser on its own, so machine calls are not checked.
 */

/** What the rule reads from a request: plain values, so it is tested without a server. */
export type TRequestOrigin = {
  /** The `Origin` header, when the browser sent one (every modern browser does on a POST). */
  origin: string | null;
  /** The `Sec-Fetch-Site` header: same-origin, same-site, cross-site or none. */
  secFetchSite: string | null;
  /** The origin the request was addressed to: the request URL's scheme with its `Host` header. */
  requestOrigin: string | null;
};

/**
 * The origins this service's pages are served from: PUBLIC_BASE_URL and NEXTAUTH_URL (what a
 * deployment behind a proxy sets to its public https address), then the request's own origin,
 * which covers a direct visit by address when neither names it.
 */
export function ownOrigins(requestOrigin: string | null): Set<string> {
  const origins = new Set<string>([new URL(publicBaseUrl()).origin]);
  if (env.NEXTAUTH_URL) origins.add(new URL(env.NEXTAUTH_URL).origin);
  if (requestOrigin) origins.add(requestOrigin);
  return origins;
}

// A sibling subdomain (same-site) is another party as far as this service knows: the cookie's
// SameSite=Lax does not stop it, so only same-origin (and "none": typed or bookmarked) pass.
const FOREIGN_FETCH_SITES = new Set(["cross-site", "same-site"]);

/** Why the request must be refused, or null when it may change state with the cookie. */
export function foreignOriginRefusal(request: TRequestOrigin): string | null {
  const fetchSite = request.secFetchSite?.trim().toLowerCase();
  if (fetchSite && FOREIGN_FETCH_SITES.has(fetchSite)) {
    return `This change was requested by another site (Sec-Fetch-Site: ${fetchSite}), so it was refused. Make it from the console's own pages.`;
  }
  if (request.origin !== null && !ownOrigins(request.requestOrigin).has(request.origin.trim().toLowerCase())) {
    return `This change was requested from ${JSON.stringify(request.origin)}, not from this service's own pages, so it was refused. Make it from the console; behind a proxy, set PUBLIC_BASE_URL to the address people open.`;
  }
  return null;
}

/** The rule's inputs from a request's headers and URL. */
export function requestOriginOf(headers: Headers, url: string): TRequestOrigin {
  const host = headers.get("host");
  let requestOrigin: string | null = null;
  try {
    requestOrigin = host ? new URL(`${new URL(url).protocol}//${host}`).origin : new URL(url).origin;
  } catch {
    requestOrigin = null;
  }
  return { origin: headers.get("origin"), secFetchSite: headers.get("sec-fetch-site"), requestOrigin };
}
