"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";

/**
 * Publishing snapshots what the source organization has published right now. The operator
 * chooses the customer's primary domain and which automations start enabled (all by default).
 */
export function PublishReleaseForm({
  templateId,
  templateName,
  onDone,
}: {
  templateId: string;
  templateName: string;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const source = useQuery(trpc.admin.getTemplateSource.queryOptions({ templateId }));
  const [primary, setPrimary] = useState<string | null>(null);
  const [disabled, setDisabled] = useState<Set<string>>(new Set());
  const publish = useMutation(
    trpc.admin.publishTemplateRelease.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onDone();
      },
    }),
  );
  if (source.isError) return <Alert tone="error">{errorMessage(source.error)}</Alert>;
  if (!source.data) return <p>Reading the source organization…</p>;
  const { domains, automations, defaultPrimaryDomainId } = source.data;
  const primaryDomainId = primary ?? defaultPrimaryDomainId ?? "";

  function toggle(id: string, enabled: boolean) {
    const next = new Set(disabled);
    if (enabled) next.delete(id);
    else next.add(id);
    setDisabled(next);
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    publish.mutate({ templateId, primaryDomainId: primaryDomainId || undefined, disabledAutomationIds: [...disabled] });
  }

  return (
    <form onSubmit={onSubmit} aria-label={`Publish a release of ${templateName}`}>
      <div className={styles.inlineForm}>
        <SelectField
          className={styles.grow}
          label="Primary domain"
          hint="Where the customer's owner lands. Default: the domain with the most published automations."
          value={primaryDomainId}
          onChange={(event) => setPrimary(event.target.value)}
        >
          {domains.map((domain) => (
            <option key={domain.id} value={domain.id}>
              {domain.name} ({domain.automationCount} published)
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className={styles.settingTitle}>Enabled for new customers</legend>
        {automations.length === 0 ? (
          <p className={styles.settingText}>
            The source organization has no published agent or flow: the release copies only the domain layout.
          </p>
        ) : null}
        <ul className={styles.checkList}>
          {automations.map((automation) => (
            <li key={automation.id}>
              <label>
                <input
                  type="checkbox"
                  checked={!disabled.has(automation.id)}
                  onChange={(event) => toggle(automation.id, event.target.checked)}
                />
                {automation.name}{" "}
                <span className={styles.settingText}>
                  ({automation.kind === "AGENT" ? "agent" : "flow"}, revision {automation.revision})
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className={styles.inlineForm}>
        <Button type="submit" variant="primary" busy={publish.isPending}>
          Publish release
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
      {publish.isError ? (
        <div className={styles.formError}>
          <Alert tone="error" title="No release was published">
            {errorMessage(publish.error)}
          </Alert>
        </div>
      ) : null}
    </form>
  );
}
