/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native, WASM and worker-thread packages must be loaded by Node at run time, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "pg-boss",
    // Requires its stores at run time (webpack would try to bundle their .d.ts files).
    "rate-limiter-flexible",
    "openid-client",
  ],
  typescript: { ignoreBuildErrors: false },
  // Every response, API routes and built assets included (docs/security.md). The pages' CSP,
  // which needs a nonce per response, and HSTS are set in src/proxy.ts. A header set here wins
  // over the same header of a route's own response, so the connect and OAuth callback pages,
  // which send their own stricter set (no-referrer: their path is a secret), only get nosniff.
  async headers() {
    const nosniff = { key: "X-Content-Type-Options", value: "nosniff" };
    return [
      {
        source: "/((?!connect/|oauth/).*)",
        headers: [
          nosniff,
          // Not no-referrer: that makes the browser send `Origin: null` on the console's own POSTs.
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
      { source: "/(connect|oauth)/:path*", headers: [nosniff] },
      {
        // JSON and streams are never documents to render: nothing may load or frame them. Inline
        // styles only for next-auth's own small pages under /api/auth.
        source: "/api/:path*",
        headers: [
          {
            key: "Content-Security-Policy",
            value: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
          },
        ],
      },
    ];
  },
};

export default nextConfig;
