import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce, strictTransportSecurity } from "@/server/auth/content-security-policy";

/**
 * Console pages get a strict CSP with a nonce of their own (Next's proxy pattern: Next reads the
 * nonce from the request's Content-Security-Policy header and puts it on every script it renders,
 * which is why the root layout renders per request). nosniff, the referrer policy and
 * X-Frame-Options come from next.config.mjs for every response, API routes included.
 */
export function proxy(request: NextRequest) {
  const policy = contentSecurityPolicy(newNonce());
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = {
  // Pages only: API routes need no nonce (and their bodies should not pass through the proxy),
  // built assets carry no HTML, and the connect and OAuth callback routes send their own CSP.
  matcher: [{ source: "/((?!api/|connect/|oauth/|_next/static|_next/image|favicon.ico|icon.svg).*)" }],
};
