import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { publicBaseUrl } from "@/server/env";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from "./session-cookie";
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
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: async (credentials, req) => {
          if (!credentials?.email || !credentials.password) return null;
          const forwardedFor = (req.headers as Record<string, string | undefined> | undefined)?.["x-forwarded-for"];
          const outcome = await signInWithLimits(credentials.email, credentials.password, forwardedFor);
          // next-auth answers a thrown error with its message as the `error` the sign-in form shows.
          if (outcome.retryAfterSeconds !== null) throw new Error(tooManyAttemptsMessage(outcome.retryAfterSeconds));
          return outcome.user;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger, session }) {
        if (user) token.orgId = (user as unknown as TSignedInUser).defaultOrgId;
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
