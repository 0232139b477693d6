"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { FLOW_DESCRIPTION_MAX, FLOW_NAME_MAX } from "@/contracts/flows/flow";
import { ZCreateFlowRequest } from "@/contracts/flows/requests";
import { ButtonLink } from "@/components/authoring/button-link";
import { fieldErrors } from "@/components/authoring/errors";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import authoring from "@/components/authoring/authoring.module.css";

const LABELS = { name: "Name", description: "Description" };

/** Name and description: the steps are written in the editor the form leads to. */
export function NewFlowForm({ domainId, domainName }: { domainId: string; domainName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation(
    trpc.flows.create.mutationOptions({
      onSuccess: async (flow) => {
        await queryClient.invalidateQueries({ queryKey: trpc.flows.list.queryKey({ domainId }) });
        router.push(`/flows/${flow.id}`);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateFlowRequest.safeParse({ domainId, name, description: description.trim() ? description : null });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, LABELS));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  return (
    <Card title="About the flow" description={`The flow is created as a draft in ${domainName}. Nothing can run it until you publish it.`}>
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight}>
        <TextField label="Name" name="name" value={name} autoComplete="off" placeholder="e.g. Sync new customers" hint={`Up to ${FLOW_NAME_MAX} characters.`} error={errors.name} onChange={(event) => setName(event.target.value)} />
        <TextAreaField
          label="Description (optional)"
          name="description"
          value={description}
          rows={3}
          max={FLOW_DESCRIPTION_MAX}
          error={errors.description}
          onChange={(event) => setDescription(event.target.value)}
        />
        {create.isError ? (
          <Alert tone="error" title="The flow was not created">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        <div className={authoring.formActions}>
          <ButtonLink href={`/flows?domain=${domainId}`}>Cancel</ButtonLink>
          <Button type="submit" variant="primary" busy={create.isPending || create.isSuccess}>
            Create flow
          </Button>
        </div>
      </form>
    </Card>
  );
}
