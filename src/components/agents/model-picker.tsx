"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC } from "@/client/trpc";
import type { TModelProvider, TRunnableModel } from "@/contracts/agents/list-models";
import { TextField } from "@/components/ui/text-field";

type TProps = { value: string; onChange: (value: string) => void; error?: string | null };

/** Which providers take typed ids here, in one sentence. */
function providerHint(providers: TModelProvider[] | undefined): string {
  if (!providers) return "The built-in models run without a provider.";
  const configured = providers.filter((provider) => provider.configured).map((provider) => `${provider.prefix}<model>`);
  if (configured.length === 0) {
    return `Only the built-in models run here: no model provider is configured (${providers.map((provider) => provider.needs).join(", ")}).`;
  }
  return `Pick one, or type any ${configured.join(", ")} id of the configured providers.`;
}

/** What the chosen model does, when it is one of the listed ones: tells builtin:echo (no tools) apart at a glance. */
function chosenHint(value: string, models: TRunnableModel[] | undefined): string {
  const chosen = models?.find((model) => model.id === value.trim());
  return chosen ? `${chosen.id}: ${chosen.description} ` : "";
}

/**
 * The model: a combobox of the models this installation runs (agents.listModels, the registry
 * the verifier checks against), still accepting a typed id for a provider model not listed.
 */
export function ModelPicker({ value, onChange, error }: TProps) {
  const trpc = useTRPC();
  const listId = useId();
  const models = useQuery(trpc.agents.listModels.queryOptions({}, { staleTime: 60_000 }));
  return (
    <>
      <TextField
        label="Model"
        name="model"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        error={error}
        hint={`${chosenHint(value, models.data?.models)}${providerHint(models.data?.providers)}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId} data-testid="model-options">
        {(models.data?.models ?? []).map((model) => (
          <option key={model.id} value={model.id} label={`${model.id} — ${model.description}`} />
        ))}
      </datalist>
    </>
  );
}
