"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZCreateTemplateRequest } from "@/contracts/admin/create-template";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";
import { firstFieldError } from "@/components/authoring/errors";

export function CreateTemplateForm({ platformId }: { platformId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const organizations = useQuery(trpc.admin.listOrganizations.queryOptions());
  const [name, setName] = useState("");
  const [sourceOrganizationId, setSource] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const create = useMutation(
    trpc.admin.createTemplate.mutationOptions({
      onSuccess: async () => {
        setName("");
        await refresh();
      },
    }),
  );
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateTemplateRequest.safeParse({ platformId, name, sourceOrganizationId });
    if (!parsed.success)
      return setFieldError(
        firstFieldError(parsed.error, { name: "Template name", sourceOrganizationId: "Source organization" }),
      );
    setFieldError(null);
    create.mutate(parsed.data);
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <div className={styles.inlineForm}>
        <TextField
          className={styles.grow}
          label="Template name"
          value={name}
          placeholder="e.g. Standard shop"
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          className={styles.grow}
          label="Source organization"
          value={sourceOrganizationId}
          onChange={(event) => setSource(event.target.value)}
        >
          <option value="">Choose an organization…</option>
          {(organizations.data?.organizations ?? []).map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name} ({organization.slug})
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary" className={styles.alignButton} busy={create.isPending}>
          Create template
        </Button>
      </div>
      {fieldError || create.isError ? (
        <div className={styles.formError}>
          <Alert tone="error" title="The template was not created">
            {fieldError ?? errorMessage(create.error)}
          </Alert>
        </div>
      ) : null}
    </form>
  );
}
