"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/client/trpc";
import { FLOW_DESCRIPTION_MAX, FLOW_NAME_MAX } from "@/contracts/flows/flow";
import { ZCreateFlowRequest } from "@/contracts/flows/requests";
import { NewAutomationForm } from "@/components/automations/new-automation-form";

/** Name and description: the steps are written in the editor the form leads to. */
export function NewFlowForm({ domainId, domainName }: { domainId: string; domainName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const create = useMutation(
    trpc.flows.create.mutationOptions({
      onSuccess: async (flow) => {
        await queryClient.invalidateQueries({ queryKey: trpc.flows.list.queryKey({ domainId }) });
        router.push(`/flows/${flow.id}`);
      },
    }),
  );
  return (
    <NewAutomationForm
      noun="flow"
      domainId={domainId}
      about={`The flow is created as a draft in ${domainName}. Nothing can run it until you publish it.`}
      namePlaceholder="e.g. Sync new customers"
      nameMax={FLOW_NAME_MAX}
      descriptionMax={FLOW_DESCRIPTION_MAX}
      descriptionRows={3}
      cancelHref={`/flows?domain=${domainId}`}
      schema={ZCreateFlowRequest}
      create={create}
    />
  );
}
