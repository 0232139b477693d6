import { decode, encode } from "next-auth/jwt";
import { db } from "@/server/db/client";
import type { TUserActor } from "./actor";
import { userActor } from "./authenticate";
import { signingSecret } from "./signing-secret";

export const SESSION_COOKIE = "service_session";
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * What the signed cookie carries. Everything else is re-read from the database. `authAt` (epoch
 * ms) is when the person signed in: next-auth renews `iat` whenever it refreshes the cookie, so
 * the sign-in instant travels as a claim of its own (cookies without it fall back to `iat`).
 */
export type TSessionClaims = {
  sub: string;
  orgId?: string | null;
  email?: string;
  name?: string;
  authAt?: number;
  iat?: number;
};

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
    select: { email: true, name: true, disabledAt: true, passwordChangedAt: true },
  });
  if (!user || user.disabledAt || signedInBeforePasswordChange(claims, user.passwordChangedAt)) return null;
  const actor = claims.orgId ? await userActor(claims.sub, claims.orgId, "cookie", null) : null;
  return { userId: claims.sub, email: user.email, name: user.name, actor };
}

/** When the session's person signed in (epoch ms): its `authAt` claim, or else when it was issued. */
export function sessionSignedInAt(claims: Pick<TSessionClaims, "authAt" | "iat">): number {
  return typeof claims.authAt === "number" ? claims.authAt : (claims.iat ?? 0) * 1000;
}

/**
 * A changed or reset password ends every console session signed in before it (issue 41): the
 * session of the browser that changed it is signed in again with the new password.
 */
export function signedInBeforePasswordChange(
  claims: Pick<TSessionClaims, "authAt" | "iat">,
  passwordChangedAt: Date | null,
): boolean {
  return passwordChangedAt !== null && sessionSignedInAt(claims) < passwordChangedAt.getTime();
}

/** Whether a session of this person signed in at `signedInAt` has ended (next-auth's refresh path). */
export async function sessionEndedByPasswordChange(userId: string, signedInAt: number): Promise<boolean> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { passwordChangedAt: true } });
  return user !== null && signedInBeforePasswordChange({ authAt: signedInAt }, user.passwordChangedAt);
}

/** A working service_session value (fixtures and tests sign people in without a browser). */
export async function mintSessionCookie(claims: TSessionClaims): Promise<string> {
  return encode({
    token: { ...claims, authAt: claims.authAt ?? Date.now() },
    secret: await signingSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}
