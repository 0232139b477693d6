"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/client/trpc";
import { ZCreateTeamDomainRequest } from "@/contracts/team-domains/create-team-domain";
import { DOMAIN_NAME_MAX } from "@/contracts/team-domains/team-domain";
import { firstFieldError } from "@/components/authoring/errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { refusalOn } from "./field-error";
import styles from "./team-domains.module.css";
import { useRefreshDomains } from "./use-refresh-domains";

/** Validates with the contract the server applies; a taken name comes back on the field. */
export function CreateDomainForm() {
  const trpc = useTRPC();
  const refresh = useRefreshDomains();
  const [name, setName] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation(
    trpc.teamDomains.create.mutationOptions({
      onSuccess: async ({ domain }) => {
        setName("");
        setCreated(domain.name);
        await refresh();
      },
      onError: (error) => {
        const refusal = refusalOn(error, ["name"]);
        if (refusal.field) setFieldError(refusal.message);
        else setFormError(refusal.message);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCreated(null);
    setFormError(null);
    const parsed = ZCreateTeamDomainRequest.safeParse({ name });
    if (!parsed.success) {
      setFieldError(firstFieldError(parsed.error, { name: "Domain name" }));
      return;
    }
    setFieldError(null);
    create.mutate(parsed.data);
  }

  return (
    <Card
      title="Create a domain"
      description="A domain groups agents, flows, connections and the people allowed to use them. You become its first Owner."
    >
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.inlineForm}>
          <TextField
            className={styles.grow}
            label="Domain name"
            name="name"
            value={name}
            placeholder="e.g. Customer care"
            autoComplete="off"
            error={fieldError}
            hint={`Up to ${DOMAIN_NAME_MAX} characters, unique in the organization.`}
            onChange={(event) => {
              setName(event.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <Button type="submit" variant="primary" className={styles.inlineButton} busy={create.isPending}>
            Create domain
          </Button>
        </div>
        {formError ? (
          <div className={styles.formError}>
            <Alert tone="error" title="The domain was not created">
              {formError}
            </Alert>
          </div>
        ) : null}
        {created ? (
          <div className={styles.formError}>
            <Alert tone="success">Created the domain “{created}”.</Alert>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
