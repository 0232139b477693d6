"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";
import { RevisionBadge } from "./revision-badge";

/** The header's badge, live: it moves to the new revision as soon as a publish succeeds. */
export function AgentStatus({ agentId, initialRevision }: { agentId: string; initialRevision: number | null }) {
  const trpc = useTRPC();
  const agent = useQuery(trpc.agents.get.queryOptions({ id: agentId }));
  return <RevisionBadge revision={agent.data ? agent.data.agent.publishedRevision : initialRevision} />;
}
