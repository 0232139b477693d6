import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { headers } from "next/headers";
import { cache } from "react";
import { makeQueryClient } from "@/client/query-client";
import { appRouter } from "@/server/routers/root";
import { createContext } from "@/server/trpc/context";

/**
 * One query cache per server request; pages dehydrate it into the browser's cache. No
 * retries: the procedures run in this process, so a failure is an answer (for example
 * UNAUTHORIZED, which the guards turn into a redirect), not a flaky network.
 */
export const getQueryClient = cache(() => makeQueryClient({ retry: false }));

/**
 * Server components call the same procedures the browser does, with the same auth flavour,
 * by handing the request's cookie to the tRPC context. The URL is never fetched.
 */
const serverContext = cache(async () => {
  const incoming = await headers();
  const forwarded: Record<string, string> = {};
  for (const name of ["cookie", "x-request-id"]) {
    const value = incoming.get(name);
    if (value) forwarded[name] = value;
  }
  return createContext(new Request("http://console.internal/api/trpc", { headers: forwarded }), "console");
});

export const trpcServer = createTRPCOptionsProxy({
  router: appRouter,
  ctx: serverContext,
  queryClient: getQueryClient,
});
