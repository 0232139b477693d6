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
};

export default nextConfig;
