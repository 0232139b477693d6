import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { apiRoute } from "@/server/http/api-route";
import { appRouter } from "@/server/routers/root";
import { CONSOLE_ENDPOINT, consoleErrorResponse, consoleRateLimitKeys } from "@/server/trpc/console-route";
import { createContext } from "@/server/trpc/context";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * The console's API behind the same door as every other route (request id, readiness, rate
 * limits with their headers, metrics); refusals keep tRPC's error shape for the console's client.
 * tRPC itself answers methods it does not serve.
 */
const handle = apiRoute(
  {
    route: CONSOLE_ENDPOINT,
    rateLimit: (req) => ({ surface: "console", keys: consoleRateLimitKeys(req) }),
    renderError: (error, req) => consoleErrorResponse(req, error),
  },
  (req) =>
    fetchRequestHandler({
      endpoint: CONSOLE_ENDPOINT,
      req,
      router: appRouter,
      createContext: () => createContext(req, "console"),
    }),
);

export { handle as GET, handle as POST };
