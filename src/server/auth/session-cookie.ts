import { decode, encode } from "next-auth/jwt";
import { db } from "@/server/db/client";
import type { TUserActor } from "./actor";
import { userActor } from "./authenticate";
import { signingSecret } from "./signing-secret";

export const SESSION_COOKIE = "service_session";
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** What the signed cookie carries. Everything else is re-read from the database. */
export type TSessionClaims = { sub: string; orgId?: string | null; email?: string; name?: string };

/** The signed-in person behind a request's cookie, whether or not an organization is selected. */
export type TCookieSession = {
  userId: string;
  email: string;
  name: string;
  /** The selected organization as it is now: null when none is selected or membership ended. */
  actor: TUserActor | null;
};

/** A cookie's value, or null when it is absent or not valid percent-encoding (no cookie we set is). */
export function readCookie(headers: Headers, name: string): string | null {
  const header = headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodedOrNull(part.slice(index + 1).trim());
  }
  return null;
}

function decodedOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null; // a malformed cookie is no session: the route answers as it does without one (401)
  }
}

export async function authenticateCookie(headers: Headers): Promise<TCookieSession | null> {
  const raw = readCookie(headers, SESSION_COOKIE);
  if (!raw) return null;
  const claims = (await decode({ token: raw, secret: await signingSecret() }).catch(
    () => null,
  )) as TSessionClaims | null;
  if (!claims?.sub) return null;
  const user = await db().user.findUnique({
    where: { id: claims.sub },
    select: { email: true, name: true, disabledAt: true },
  });
  if (!user || user.disabledAt) return null;
  const actor = claims.orgId ? await userActor(claims.sub, claims.orgId, "cookie", null) : null;
  return { userId: claims.sub, email: user.email, name: user.name, actor };
}

/** A working service_session value (fixtures and tests sign people in without a browser). */
export async function mintSessionCookie(claims: TSessionClaims): Promise<string> {
  return encode({ token: claims, secret: await signingSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
}
