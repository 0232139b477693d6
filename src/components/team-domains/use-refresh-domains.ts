"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";

/** After any change here: this area's lists, and the console's domain pickers (archived domains leave them). */
export function useRefreshDomains() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.teamDomains.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.tenancy.listDomains.queryKey() }),
    ]);
}
