"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/client/trpc";
import { ZRenameTeamDomainRequest } from "@/contracts/team-domains/rename-team-domain";
import { DOMAIN_NAME_MAX, type TTeamDomain } from "@/contracts/team-domains/team-domain";
import { firstFieldError } from "@/components/authoring/errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { refusalOn } from "./field-error";
import styles from "./team-domains.module.css";
import { useRefreshDomains } from "./use-refresh-domains";

export function RenameDomainForm({ domain }: { domain: TTeamDomain }) {
  const trpc = useTRPC();
  const refresh = useRefreshDomains();
  const router = useRouter();
  const [name, setName] = useState(domain.name);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const rename = useMutation(
    trpc.teamDomains.rename.mutationOptions({
      onSuccess: async ({ domain: renamed }) => {
        setName(renamed.name);
        setSaved(true);
        await refresh();
        // The page's title is rendered on the server.
        router.refresh();
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
    setSaved(false);
    setFormError(null);
    const parsed = ZRenameTeamDomainRequest.safeParse({ domainId: domain.id, name });
    if (!parsed.success) {
      setFieldError(firstFieldError(parsed.error, { name: "Domain name" }));
      return;
    }
    setFieldError(null);
    rename.mutate(parsed.data);
  }

  return (
    <Card title="Name" description={`The slug “${domain.slug}” stays the same when you rename the domain.`}>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.inlineForm}>
          <TextField
            className={styles.grow}
            label="Domain name"
            name="name"
            value={name}
            autoComplete="off"
            error={fieldError}
            hint={`Up to ${DOMAIN_NAME_MAX} characters, unique in the organization.`}
            onChange={(event) => {
              setName(event.target.value);
              setSaved(false);
              if (fieldError) setFieldError(null);
            }}
          />
          <Button type="submit" className={styles.inlineButton} busy={rename.isPending}>
            Rename
          </Button>
        </div>
        {formError ? (
          <div className={styles.formError}>
            <Alert tone="error" title="The domain was not renamed">
              {formError}
            </Alert>
          </div>
        ) : null}
        {saved ? (
          <div className={styles.formError}>
            <Alert tone="success">Renamed.</Alert>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
