"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZCreateConnectionRequest } from "@/contracts/connections/create-connection";
import { CREDENTIAL_FREE_INTEGRATIONS } from "@/components/authoring/credential-free";
import { fieldErrors } from "@/components/authoring/errors";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import authoring from "@/components/authoring/authoring.module.css";
import { SecretFieldsEditor, type TFieldRow } from "./secret-fields-editor";
import styles from "./connections.module.css";

const LABELS = { integrationId: "Integration", name: "Name", token: "Token", fields: "Fields" };

/** The contract's bounds on fields, worded for the rows of the editor. */
function rowsError(rows: TFieldRow[]): string | null {
  if (rows.some((row) => !/^[A-Za-z0-9_]{1,64}$/.test(row.name.trim())))
    return "Field names are 1-64 letters, digits or _.";
  if (new Set(rows.map((row) => row.name.trim())).size !== rows.length) return "Each field name can appear once.";
  if (rows.some((row) => !row.value)) return "Give every field a value.";
  if (rows.some((row) => /[\r\n]/.test(row.value))) return "Values must not contain a newline.";
  return null;
}

/**
 * The secret exists in this form's state only until the service has sealed it; after that the
 * form is cleared and the list shows nothing but a hint.
 */
export function CreateConnectionForm({ domainId, domainName }: { domainId: string; domainName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const integrations = useQuery(trpc.integrations.list.queryOptions({}));
  const choices =
    integrations.data?.integrations.filter((integration) => !CREDENTIAL_FREE_INTEGRATIONS.has(integration.id)) ?? [];
  const [integrationId, setIntegrationId] = useState("");
  const [name, setName] = useState("");
  const [token, setToken] = useState("");
  const [rows, setRows] = useState<TFieldRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation(
    trpc.connections.create.mutationOptions({
      onSuccess: async ({ connection }) => {
        setCreated(connection.name);
        setName("");
        setToken("");
        setRows([]);
        await queryClient.invalidateQueries({ queryKey: trpc.connections.list.queryKey({ domainId }) });
      },
    }),
  );
  const selected = integrationId || choices[0]?.id || "";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCreated(null);
    const filled = rows.filter((row) => row.name.trim() || row.value);
    const rowsProblem = rowsError(filled);
    const parsed = ZCreateConnectionRequest.safeParse({
      domainId,
      integrationId: selected,
      name,
      ...(token ? { token } : {}),
      ...(filled.length ? { fields: Object.fromEntries(filled.map((row) => [row.name.trim(), row.value])) } : {}),
    });
    if (!parsed.success || rowsProblem) {
      setErrors({
        ...(parsed.success ? {} : fieldErrors(parsed.error, LABELS)),
        ...(rowsProblem ? { fields: rowsProblem } : {}),
      });
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  return (
    <Card
      title="New connection"
      description={`The organization's account at an integration, used by the agents of ${domainName} that bind as the service.`}
    >
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight} aria-label="New connection">
        <div className={authoring.formGrid}>
          <SelectField
            label="Integration"
            name="integrationId"
            value={selected}
            disabled={!choices.length}
            error={errors.integrationId}
            hint={
              integrations.isError
                ? errorMessage(integrations.error)
                : "Only integrations that take a credential are listed."
            }
            onChange={(event) => setIntegrationId(event.target.value)}
          >
            {choices.length === 0 ? (
              <option value="">{integrations.isPending ? "Loading…" : "No integration takes a credential"}</option>
            ) : null}
            {choices.map((integration) => (
              <option key={integration.id} value={integration.id}>
                {integration.name} ({integration.id})
              </option>
            ))}
          </SelectField>
          <TextField
            label="Name"
            name="name"
            value={name}
            autoComplete="off"
            placeholder="e.g. Billing API (production)"
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            className={authoring.full}
            label="Token"
            name="token"
            type="password"
            value={token}
            autoComplete="off"
            spellCheck={false}
            hint="Sent as a bearer token. Leave empty if you give fields below instead."
            error={errors.token}
            onChange={(event) => setToken(event.target.value)}
          />
        </div>
        <SecretFieldsEditor rows={rows} onChange={setRows} error={errors.fields} />
        {create.isError ? (
          <Alert tone="error" title="The connection was not created">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        {created ? (
          <Alert tone="success" title={`Connection “${created}” created`}>
            Its secret is stored encrypted and is never shown again, not even to you.
          </Alert>
        ) : null}
        <div className={`${authoring.formActions} ${styles.actions}`}>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={!choices.length}>
            Create connection
          </Button>
        </div>
      </form>
    </Card>
  );
}
