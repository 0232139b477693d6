"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/client/trpc";
import { AGENT_DESCRIPTION_MAX, AGENT_NAME_MAX, ZCreateAgentRequest } from "@/contracts/agents/create-agent";
import { NewAutomationForm } from "@/components/automations/new-automation-form";

/** Name and description only: Setup is written in the editor the form leads to. */
export function NewAgentForm({ domainId, domainName }: { domainId: string; domainName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const create = useMutation(
    trpc.agents.create.mutationOptions({
      onSuccess: async (agent) => {
        await queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey({ domainId }) });
        router.push(`/domains/${domainId}/agents/${agent.id}`);
      },
    }),
  );
  return (
    <NewAutomationForm
      noun="agent"
      domainId={domainId}
      about={`The agent is created as a draft in ${domainName}. Nobody can run it until you publish it.`}
      namePlaceholder="e.g. Refund assistant"
      nameMax={AGENT_NAME_MAX}
      descriptionMax={AGENT_DESCRIPTION_MAX}
      descriptionRows={4}
      descriptionHint="What the agent is for, for the people who will run it."
      cancelHref={`/domains/${domainId}/agents`}
      schema={ZCreateAgentRequest}
      create={create}
    />
  );
}
