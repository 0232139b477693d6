"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TTriggerSubscriber } from "@/contracts/triggers/list-triggers";
import type { TTrigger } from "@/contracts/triggers/trigger";
import authoring from "@/components/authoring/authoring.module.css";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

type TProps = {
  domainId: string;
  trigger: TTrigger;
  subscribers: TTriggerSubscriber[];
  candidates: TTriggerSubscriber[];
  canManage: boolean;
};

/**
 * The agents and flows a trigger fans out to. Caller-required subscribers are marked on
 * schedule and event triggers: those firings have no caller, so they are refused there.
 */
export function TriggerSubscribers({ domainId, trigger, subscribers, candidates, canManage }: TProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listId = useId();
  const [choice, setChoice] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.triggers.list.queryKey({ domainId }) });
  const subscribe = useMutation(
    trpc.triggers.subscribe.mutationOptions({
      onSuccess: async () => {
        setChoice("");
        await refresh();
      },
    }),
  );
  const unsubscribe = useMutation(trpc.triggers.unsubscribe.mutationOptions({ onSuccess: refresh }));
  const subscribed = new Set(subscribers.map((subscriber) => subscriber.automationId));
  const available = candidates.filter((candidate) => !subscribed.has(candidate.automationId));
  const selected = choice || available[0]?.automationId || "";
  const noCaller = trigger.type !== "api";
  const failure = subscribe.error ?? unsubscribe.error;

  return (
    <div className={authoring.stackTight}>
      <h3 id={listId} className={authoring.muted}>
        Subscribers
      </h3>
      {subscribers.length === 0 ? (
        <p className={authoring.muted}>No agent or flow is subscribed: firings start nothing.</p>
      ) : null}
      <ul aria-labelledby={listId} className={authoring.chips}>
        {subscribers.map((subscriber) => (
          <li key={subscriber.automationId} className={authoring.chip}>
            <Link
              href={`/triggers/${domainId}/runs/${subscriber.automationId}`}
              title={`Trigger runs of ${subscriber.name}`}
            >
              {subscriber.name}
            </Link>{" "}
            <Badge tone="muted">{subscriber.kind}</Badge>
            {subscriber.callerRequired && noCaller ? (
              <Badge tone="danger">refused: needs caller credentials</Badge>
            ) : null}
            {canManage ? (
              <button
                type="button"
                className={authoring.chipRemove}
                aria-label={`Unsubscribe ${subscriber.name} from ${trigger.name}`}
                disabled={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate({ triggerId: trigger.id, automationId: subscriber.automationId })}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canManage ? (
        <form
          aria-label={`Subscribe to ${trigger.name}`}
          className={authoring.formActionsStart}
          onSubmit={(event) => {
            event.preventDefault();
            if (selected) subscribe.mutate({ triggerId: trigger.id, automationId: selected });
          }}
        >
          <SelectField
            label="Agent or flow"
            name="automationId"
            value={selected}
            disabled={!available.length}
            onChange={(event) => setChoice(event.target.value)}
          >
            {available.length === 0 ? <option value="">Every published agent and flow is subscribed</option> : null}
            {available.map((candidate) => (
              <option key={candidate.automationId} value={candidate.automationId}>
                {candidate.name} ({candidate.kind})
                {candidate.callerRequired && noCaller ? " · needs caller credentials" : ""}
              </option>
            ))}
          </SelectField>
          <Button type="submit" size="small" busy={subscribe.isPending} disabled={!selected}>
            Subscribe
          </Button>
        </form>
      ) : null}
      {failure ? (
        <Alert tone="error" title="The subscription was not changed">
          {errorMessage(failure)}
        </Alert>
      ) : null}
    </div>
  );
}
