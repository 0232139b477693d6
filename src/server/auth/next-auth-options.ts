import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { publicBaseUrl } from "@/server/env";
import {
  SESSION_COOKIE,
  SESSION_MAX_AGE_SECONDS,
  sessionEndedByPasswordChange,
  sessionSignedInAt,
} from "./session-cookie";
import { tooManyAttemptsMessage } from "@/server/ratelimit/sign-in-limits";
import { maySelectOrganization, signInWithLimits, type TSignedInUser } from "./sign-in";
import { signingSecret } from "./signing-secret";

/**
 * next-auth with email and password, JWT sessions in the `service_session` cookie. The
 * cookie carries only the user id and the selected organization; every request re-reads
 * the user and membership (src/server/auth/session-cookie.ts), so disabling a user or
 * removing a membership takes effect at once.
 */
export async function nextAuthOptions(): Promise<NextAuthOptions> {
  // Served over https: every next-auth cookie (csrf, callback url, session) is Secure.
  const overHttps = publicBaseUrl().startsWith("https://");
  return {
    useSecureCookies: overHttps,
    secret: await signingSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    cookies: {
      sessionToken: {
        name: SESSION_COOKIE,
        options: { httpOnly: true, sameSite: "lax", path: "/", secure: overHttps },
      },
    },
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          // Optional: the organization to keep selected when a person signs in again after changing
          // their password (/settings/account), so the console stays where it was.
          orgId: { label: "Organization", type: "text" },
        },
        authorize: async (credentials, req) => {
          if (!credentials?.email || !credentials.password) return null;
          const forwardedFor = (req.headers as Record<string, string | undefined> | undefined)?.["x-forwarded-for"];
          const outcome = await signInWithLimits(credentials.email, credentials.password, forwardedFor);
          // next-auth answers a thrown error with its message as the `error` the sign-in form shows.
          if (outcome.retryAfterSeconds !== null) throw new Error(tooManyAttemptsMessage(outcome.retryAfterSeconds));
          const user = outcome.user;
          const requested = credentials.orgId;
          if (user && requested && (await maySelectOrganization(user.id, requested))) {
            return { ...user, defaultOrgId: requested };
          }
          return user;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger, session }) {
        if (user) {
          token.orgId = (user as unknown as TSignedInUser).defaultOrgId;
          token.authAt = Date.now();
        } else {
          // A refresh (/api/auth/session, an organization switch) renews `iat`: keep the sign-in
          // instant, and end the session when the password changed after it (next-auth then
          // clears the cookie).
          token.authAt = sessionSignedInAt(token as { authAt?: number; iat?: number });
          if (token.sub && (await sessionEndedByPasswordChange(token.sub, token.authAt as number))) {
            throw new Error("This session ended because the password was changed; sign in again.");
          }
        }
        const requested = (session as { orgId?: unknown } | undefined)?.orgId;
        if (trigger === "update" && typeof requested === "string" && token.sub) {
          if (await maySelectOrganization(token.sub, requested)) token.orgId = requested;
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, userId: token.sub, orgId: (token.orgId as string | null | undefined) ?? null };
      },
    },
  };
}
