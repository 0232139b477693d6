// Next.js calls register() once per server process before it serves requests.
export async function register(): Promise<void> {
  // NEXT_RUNTIME is a build-time constant Next.js inlines, not configuration: read literally,
  // it lets the bundler drop the server start-up from the edge bundle (hence not via env.ts).
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/server/start");
    await startServer();
  }
}
