"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZCreateApiKeyRequest } from "@/contracts/api-keys/create-api-key";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import type { TNewSecret } from "./new-secret-panel";
import styles from "./api-keys.module.css";
import { firstFieldError } from "@/components/authoring/errors";

/** Validates with the same contract the server applies, so both say the same thing. */
export function CreateKeyForm({ onCreated }: { onCreated: (created: TNewSecret) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async ({ apiKey, secret }) => {
        onCreated({ name: apiKey.name, secret });
        setName("");
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateApiKeyRequest.safeParse({ name });
    if (!parsed.success) {
      setFieldError(firstFieldError(parsed.error, { name: "Key name" }));
      return;
    }
    setFieldError(null);
    create.mutate(parsed.data);
  }

  return (
    <Card
      title="Create a key"
      description="Name each key after the app or server that uses it, so you know which one to revoke later."
    >
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.createForm}>
          <TextField
            className={styles.createField}
            label="Key name"
            name="name"
            value={name}
            placeholder="e.g. Billing sync server"
            autoComplete="off"
            error={fieldError}
            hint="Up to 100 characters."
            onChange={(event) => {
              setName(event.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <Button type="submit" variant="primary" className={styles.createButton} busy={create.isPending}>
            Create key
          </Button>
        </div>
        {create.isError ? (
          <div className={styles.formError}>
            <Alert tone="error" title="The key was not created">
              {errorMessage(create.error)}
            </Alert>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
