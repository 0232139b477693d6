"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TBeltEntry, TBindingPolicies, TIdentityModeValue } from "@/contracts/agents/setup";
import { IDENTITY_MODES, IDENTITY_MODE_LABEL } from "@/components/agents/identity-modes";
import { CREDENTIAL_FREE_INTEGRATIONS } from "@/components/authoring/credential-free";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import styles from "./flows.module.css";

type TProps = { flowId: string; belt: TBeltEntry[]; policies: TBindingPolicies; editable: boolean };

/**
 * Whose credential each integration the tool steps use runs with (section 5). A change is
 * saved at once and published with the next revision.
 */
export function FlowBindings({ flowId, belt, policies, editable }: TProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.flows.setBindingPolicies.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.flows.get.queryKey({ id: flowId }) }),
    }),
  );
  return (
    <Card
      title="Binding policies"
      description="How each integration the tool steps call obtains its credential. Published with the next revision."
    >
      {belt.length === 0 ? (
        <p className={styles.status}>
          {editable
            ? "No tool step calls an integration yet."
            : "No policy set: every integration the tool steps call binds as Service (the organization's connection)."}
        </p>
      ) : (
        <div className={styles.bindings}>
          {belt.map(({ integrationId }) => {
            const mode = policies[integrationId] ?? "service";
            if (!editable || CREDENTIAL_FREE_INTEGRATIONS.has(integrationId)) {
              return (
                <p key={integrationId}>
                  <code>{integrationId}</code>:{" "}
                  {CREDENTIAL_FREE_INTEGRATIONS.has(integrationId)
                    ? "Service (takes no credential)"
                    : IDENTITY_MODE_LABEL[mode]}
                </p>
              );
            }
            return (
              <SelectField
                key={integrationId}
                label={integrationId}
                value={mode}
                disabled={save.isPending}
                hint={IDENTITY_MODES.find((item) => item.value === mode)?.help}
                onChange={(event) =>
                  save.mutate({
                    id: flowId,
                    policies: { ...policies, [integrationId]: event.target.value as TIdentityModeValue },
                  })
                }
              >
                {IDENTITY_MODES.map((item) => (
                  <option key={item.value} value={item.value}>
                    {item.label}
                  </option>
                ))}
              </SelectField>
            );
          })}
        </div>
      )}
      {save.isError ? (
        <Alert tone="error" title="The binding policy was not saved">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
    </Card>
  );
}
