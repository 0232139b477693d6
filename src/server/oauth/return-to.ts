import { AppError } from "@/server/errors";

/** At most this many registered return URLs per platform, each at most this long. */
export const RETURN_URLS_MAX = 20;
export const RETURN_URL_MAX_LENGTH = 2000;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

// Encoded slashes, backslashes and dots in a path are how a prefix check gets fooled: a browser or
// a proxy may decode them after we matched. They have no honest use in a return path.
const ENCODED_TRICK = /%(2f|5c|2e)/i;

type TParsed = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * The WHATWG parse of a return URL with everything refused that could make the URL we check
 * differ from the one a browser follows: userinfo, backslashes, fragments, encoded slashes and
 * dots in the path, control characters and whitespace, and any scheme but https (http only on
 * a loopback host, for development).
 */
function parseReturnUrl(value: string): TParsed {
  if (value.length > RETURN_URL_MAX_LENGTH)
    return { ok: false, reason: `is longer than ${RETURN_URL_MAX_LENGTH} characters` };
  if (value.includes("\\")) return { ok: false, reason: "contains a backslash" };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(value)) return { ok: false, reason: "contains whitespace or control characters" };
  if (value.includes("#")) return { ok: false, reason: "has a #fragment" };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: "is not an absolute URL" };
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)))
    return { ok: false, reason: "must be an https URL (http only for 127.0.0.1, localhost or [::1])" };
  if (url.username || url.password) return { ok: false, reason: "must not carry a user name or password" };
  // On the text as sent: the WHATWG parser already resolves `%2e%2e` segments, hiding the attempt.
  if (ENCODED_TRICK.test(value.split("?")[0]!))
    return { ok: false, reason: "has an encoded slash, backslash or dot in its path" };
  return { ok: true, url };
}

/** A return URL a platform registers: the checks above, and no query (it is a prefix). Answers the normalized URL. */
export function normalizeRegisteredReturnUrl(value: string, field: string): string {
  const parsed = parseReturnUrl(value);
  if (!parsed.ok) throw new AppError("VALIDATION", `${field}: “${value}” ${parsed.reason}.`, { details: { field } });
  if (parsed.url.search)
    throw new AppError("VALIDATION", `${field}: “${value}” must not have a query: a return URL is a prefix.`, {
      details: { field },
    });
  return parsed.url.href;
}

/** Whether `path` is `prefix` or below it at a segment boundary (`/done` matches `/done/x`, never `/donex`). */
function underPrefix(path: string, prefix: string): boolean {
  if (prefix.endsWith("/")) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The `return_to` of a connect link, checked against the platform's registered return URLs:
 * exactly the same scheme, host and port, and a path under a registered path. Answers the
 * normalized URL (the one the browser is sent to), or 400 VALIDATION that says why.
 */
export function checkReturnTo(value: string, registered: readonly string[]): string {
  const parsed = parseReturnUrl(value);
  if (!parsed.ok) throw new AppError("VALIDATION", `return_to ${parsed.reason}.`, { details: { field: "return_to" } });
  const candidate = parsed.url;
  const matches = registered.some((entry) => {
    let prefix: URL;
    try {
      prefix = new URL(entry);
    } catch {
      return false;
    }
    return prefix.origin === candidate.origin && underPrefix(candidate.pathname, prefix.pathname);
  });
  if (!matches) {
    throw new AppError(
      "VALIDATION",
      "return_to is not under a return URL registered for this platform (PUT /api/partner/v1/platform/oauth-return-urls).",
      {
        details: { field: "return_to", registered: registered.length },
      },
    );
  }
  return candidate.href;
}
