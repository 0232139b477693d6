"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZCreateWebhookEndpointRequest } from "@/contracts/webhooks/endpoint-routes";
import { WEBHOOK_EVENT_TYPES } from "@/contracts/webhooks/event-types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import styles from "./webhook-endpoints.module.css";

/** An endpoint just created, with its signing secret shown this once (held only in state). */
export type TNewEndpointSecret = { url: string; secret: string };

/** Validates with the contract the server applies, so both say the same thing. */
export function CreateEndpointForm({ onCreated }: { onCreated: (created: TNewEndpointSecret) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [types, setTypes] = useState<string[]>(["turn.completed", "turn.failed"]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const create = useMutation(
    trpc.webhookEndpoints.consoleCreate.mutationOptions({
      onSuccess: async ({ endpoint, secret }) => {
        if (secret) onCreated({ url: endpoint.url, secret });
        setUrl("");
        setDescription("");
        await queryClient.invalidateQueries({ queryKey: trpc.webhookEndpoints.consoleList.queryKey() });
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateWebhookEndpointRequest.safeParse({
      url,
      eventTypes: types,
      ...(description.trim() ? { description } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setFieldError(`${issue.path.join(".") || "Endpoint"}: ${issue.message}`);
      return;
    }
    setFieldError(null);
    create.mutate(parsed.data);
  }

  return (
    <Card
      title="Add an endpoint"
      description="Your product hears here when a session's turn or a trigger's flow run settles, without holding a stream open."
    >
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <TextField
          label="Endpoint URL"
          name="url"
          value={url}
          placeholder="https://example.com/webhooks/service"
          autoComplete="off"
          error={fieldError}
          hint="https; it must resolve to a public address."
          onChange={(event) => setUrl(event.target.value)}
        />
        <TextField
          label="Description (optional)"
          name="description"
          value={description}
          autoComplete="off"
          onChange={(event) => setDescription(event.target.value)}
        />
        <fieldset className={styles.types}>
          <legend>Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className={styles.type}>
              <input
                type="checkbox"
                name="eventTypes"
                value={type}
                checked={types.includes(type)}
                onChange={(event) =>
                  setTypes(event.target.checked ? [...types, type] : types.filter((kept) => kept !== type))
                }
              />{" "}
              <code>{type}</code>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="primary" busy={create.isPending}>
            Add endpoint
          </Button>
        </div>
        {create.isError ? (
          <Alert tone="error" title="The endpoint was not added">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
      </form>
    </Card>
  );
}
