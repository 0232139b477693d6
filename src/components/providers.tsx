"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { SessionProvider } from "next-auth/react";
import { useState, type ReactNode } from "react";
import { appErrorOf } from "@/client/app-error";
import { makeQueryClient } from "@/client/query-client";
import { TRPCProvider } from "@/client/trpc";
import type { TAppRouter } from "@/server/routers/root";

/**
 * A query answered UNAUTHORIZED means the session ended or lost its organization while the
 * page was open. Reloading the overview lets the server guard decide where to send the
 * person (sign-in or organization choice) instead of showing a broken page.
 */
function leaveOnUnauthorized(error: unknown) {
  if (appErrorOf(error)?.code === "UNAUTHORIZED") window.location.assign("/");
}

/** Session, query cache and typed tRPC client for every console page. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => makeQueryClient({ onQueryError: leaveOnUnauthorized }));
  const [trpcClient] = useState(() => createTRPCClient<TAppRouter>({ links: [httpBatchLink({ url: "/api/trpc" })] }));
  return (
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
}
