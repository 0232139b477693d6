"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";
import { PageHeader } from "@/components/ui/page-header";

/** The page header of a session, following renames as they happen. */
export function SessionTitle({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const details = useQuery(trpc.sessionConsole.get.queryOptions({ sessionId }));
  return <PageHeader title={details.data?.title ?? "Session"} />;
}
