"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";
import { RevisionBadge } from "@/components/agents/revision-badge";

/** The header's badge, live: it moves to the new revision as soon as a publish succeeds. */
export function FlowStatus({ flowId, initialRevision }: { flowId: string; initialRevision: number | null }) {
  const trpc = useTRPC();
  const flow = useQuery(trpc.flows.get.queryOptions({ id: flowId }));
  return <RevisionBadge revision={flow.data ? flow.data.flow.publishedRevision : initialRevision} />;
}
