import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { publicBaseUrl } from "@/server/env";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from "./session-cookie";
import { maySelectOrganization, signInWithPassword, type TSignedInUser } from "./sign-in";
import { signingSecret } from "./signing-secret";

/**
 * next-auth with email and password, JWT sessions in the `service_session` cookie. The
 * cookie carries only the user id and the selected organization; every request re-reads
 * the user and membership (src/server/auth/session-cookie.ts), so disabling a user or
 * removing a membership takes effect at once.
 */
export async function nextAuthOptions(): Promise<NextAuthOptions> {
  return {
    secret: await signingSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    cookies: {
      sessionToken: {
        name: SESSION_COOKIE,
        options: { httpOnly: true, sameSite: "lax", path: "/", secure: publicBaseUrl().startsWith("https://") },
      },
    },
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: async (credentials) =>
          credentials?.email && credentials.password ? signInWithPassword(credentials.email, credentials.password) : null,
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
