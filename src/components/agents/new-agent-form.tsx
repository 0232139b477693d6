"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { AGENT_DESCRIPTION_MAX, AGENT_NAME_MAX, ZCreateAgentRequest } from "@/contracts/agents/create-agent";
import { ButtonLink } from "@/components/authoring/button-link";
import { fieldErrors } from "@/components/authoring/errors";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import authoring from "@/components/authoring/authoring.module.css";

const LABELS = { name: "Name", description: "Description" };

/** Name and description only: Setup is written in the editor the form leads to. */
export function NewAgentForm({ domainId, domainName }: { domainId: string; domainName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation(
    trpc.agents.create.mutationOptions({
      onSuccess: async (agent) => {
        await queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey({ domainId }) });
        router.push(`/domains/${domainId}/agents/${agent.id}`);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateAgentRequest.safeParse({ domainId, name, description: description.trim() ? description : null });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, LABELS));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  return (
    <Card title="About the agent" description={`The agent is created as a draft in ${domainName}. Nobody can run it until you publish it.`}>
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight}>
        <TextField
          label="Name"
          name="name"
          value={name}
          autoComplete="off"
          placeholder="e.g. Refund assistant"
          hint={`Up to ${AGENT_NAME_MAX} characters.`}
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
            if (errors.name) setErrors(({ name: _name, ...rest }) => rest);
          }}
        />
        <TextAreaField
          label="Description (optional)"
          name="description"
          value={description}
          rows={4}
          max={AGENT_DESCRIPTION_MAX}
          hint="What the agent is for, for the people who will run it."
          error={errors.description}
          onChange={(event) => {
            setDescription(event.target.value);
            if (errors.description) setErrors(({ description: _description, ...rest }) => rest);
          }}
        />
        {create.isError ? (
          <Alert tone="error" title="The agent was not created">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        <div className={authoring.formActions}>
          <ButtonLink href={`/domains/${domainId}/agents`}>Cancel</ButtonLink>
          <Button type="submit" variant="primary" busy={create.isPending || create.isSuccess}>
            Create agent
          </Button>
        </div>
      </form>
    </Card>
  );
}
