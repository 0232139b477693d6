"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";

/** After any change in /admin, every admin list is read again (they are small, and numbers move together). */
export function useRefreshAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
}
