import { env, publicBaseUrl } from "@/server/env";

/**
 * The console's Content-Security-Policy (docs/security.md). Scripts run only with this response's
 * nonce, or when a nonced script loaded them ('strict-dynamic': Next's chunks, Scalar and
 * CodeMirror loaded on demand); no plugins, no <base>, no framing by any site.
 *
 * Styles allow 'unsafe-inline': React renders `style` attributes into the server HTML, and
 * CodeMirror and the API reference (Scalar) inject <style> elements at run time without a nonce.
 * Styles cannot run code, and with nonced scripts an injected style is the lesser risk.
 */
export function contentSecurityPolicy(nonce: string): string {
  const overHttps = publicBaseUrl().startsWith("https://");
  // React uses eval in development only, to rebuild server error stacks in the browser.
  const devEval = env.NODE_ENV === "development" ? " 'unsafe-eval'" : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${devEval}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only over https: on a plain-http deployment it would send every asset to a port nobody serves.
    ...(overHttps ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** HSTS for a deployment served over https (a year, subdomains included); none over http. */
export function strictTransportSecurity(): string | null {
  return publicBaseUrl().startsWith("https://") ? "max-age=31536000; includeSubDomains" : null;
}

/** A fresh, unguessable nonce per response (128 bits). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
