import { createHash } from "node:crypto";

/** What a request is counted by. Values are bounded, store-safe strings; never a secret. */
export type TRateLimitKeys = {
  /** SHA-256 (hex) of the presented bearer token, whether or not it is valid. */
  credential?: string;
  /** The `{orgId}` of `/organizations/{orgId}/...`. */
  organization?: string;
  /** The client address, for requests that present no credential. */
  ip?: string;
  /** The signed-in person (user id) of a cookie-authenticated request. */
  person?: string;
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

// Path segments and header values come from the caller: anything unusual or long is hashed, so
// a key always fits the store's column and two spellings of one UUID count together.
function bounded(value: string): string {
  return /^[A-Za-z0-9._:-]{1,64}$/.test(value) ? value.toLowerCase() : `sha256-${sha256(value)}`;
}

/**
 * The keys of one request, read without touching the database: hashing the token (instead of
 * looking the key up) means an invalid or revoked key is limited exactly like a valid one.
 * `pathname` is the path below the surface prefix.
 */
export function requestKeys(req: Request, pathname: string): TRateLimitKeys {
  const authorization = req.headers.get("authorization")?.trim() ?? "";
  const token = authorization.replace(/^Bearer\s+/i, "").trim();
  const organization = /^\/organizations\/([^/]+)/.exec(pathname)?.[1];
  return {
    ...(token ? { credential: sha256(token) } : { ip: clientAddress(req) }),
    ...(organization ? { organization: bounded(organization) } : {}),
  };
}

/** The client address as the proxy in front reports it (first X-Forwarded-For hop), bounded. */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded ? bounded(forwarded) : "unknown";
}

/** A key for a secret that is not a bearer token (an ingress URL's token): its SHA-256. */
export function secretKey(secret: string): string {
  return sha256(secret);
}
