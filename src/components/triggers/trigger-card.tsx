"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TTriggerSubscriber, TTriggerWithSubscribers } from "@/contracts/triggers/list-triggers";
import type { TTrigger } from "@/contracts/triggers/trigger";
import authoring from "@/components/authoring/authoring.module.css";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { FireNow } from "./fire-now";
import { TriggerRunHistory } from "./run-history";
import { TriggerSubscribers } from "./trigger-subscribers";

const TYPE_LABEL = { schedule: "Schedule", api: "API", event: "Event" } as const;

function Details({ trigger }: { trigger: TTrigger }) {
  if (trigger.type === "api") {
    return (
      <dl className={authoring.definition}>
        <dt>Fire with</dt>
        <dd>
          <code className={authoring.inlineCode}>POST /api/v1/triggers/fire</code> and{" "}
          <code className={authoring.inlineCode}>{`{ "triggerId": "${trigger.id}" }`}</code>
        </dd>
      </dl>
    );
  }
  if (trigger.type === "schedule") {
    return (
      <dl className={authoring.definition}>
        <dt>Schedule</dt>
        <dd>
          <code className={authoring.inlineCode}>{trigger.cron}</code> in {trigger.timezone}
        </dd>
        <dt>Next firing</dt>
        <dd>{trigger.nextFireAt ? <DateTime value={trigger.nextFireAt} /> : "None while inactive"}</dd>
        <dt>Input</dt>
        <dd>
          <code className={authoring.inlineCode}>{JSON.stringify(trigger.input)}</code>
        </dd>
      </dl>
    );
  }
  return (
    <dl className={authoring.definition}>
      <dt>Event</dt>
      <dd>
        <code className={authoring.inlineCode}>{trigger.eventType}</code> from {trigger.sourceIntegrationId}
      </dd>
      <dt>Ingress URL</dt>
      <dd>
        <code className={authoring.inlineCode} aria-label="Ingress URL">
          {trigger.ingressUrl}
        </code>{" "}
        <CopyButton value={trigger.ingressUrl} label="Copy URL" />
      </dd>
      <dt>Signature</dt>
      <dd>
        {trigger.hasEndpointSecret
          ? "Calls must be signed with the endpoint secret (HMAC)."
          : "No endpoint secret: calls are not signed."}
        {trigger.hasEndpointSecret ? (
          <span className={authoring.muted}>
            {" "}
            POST JSON <code className={authoring.inlineCode}>{"{ actor?, occurredAt?, payload }"}</code> with{" "}
            <code className={authoring.inlineCode}>X-Service-Timestamp</code> (Unix seconds) and{" "}
            <code className={authoring.inlineCode}>X-Service-Signature: sha256=</code>hex HMAC-SHA256 of{" "}
            <code className={authoring.inlineCode}>{"<timestamp>.<raw body>"}</code>.
          </span>
        ) : null}
      </dd>
      <dt>Filter</dt>
      <dd>
        {trigger.eventFilter ? (
          <code
            className={authoring.inlineCode}
          >{`${trigger.eventFilter.field} ${trigger.eventFilter.operator} ${JSON.stringify(trigger.eventFilter.value)}`}</code>
        ) : (
          "Every event"
        )}
      </dd>
    </dl>
  );
}

type TProps = {
  domainId: string;
  entry: TTriggerWithSubscribers;
  candidates: TTriggerSubscriber[];
  canManage: boolean;
  canRun: boolean;
};

export function TriggerCard({ domainId, entry, candidates, canManage, canRun }: TProps) {
  const { trigger, subscribers } = entry;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const toggle = useMutation(
    trpc.triggers.setActive.mutationOptions({
      onSuccess: async () => {
        setConfirmingOff(false);
        await queryClient.invalidateQueries({ queryKey: trpc.triggers.list.queryKey({ domainId }) });
      },
    }),
  );
  const status = (
    <Badge tone={trigger.active ? "success" : "neutral"} dot>
      {trigger.active ? "Active" : "Inactive"}
    </Badge>
  );
  const actions = canManage ? (
    <Button
      size="small"
      variant={trigger.active ? "dangerOutline" : "primary"}
      busy={toggle.isPending}
      aria-label={`${trigger.active ? "Deactivate" : "Activate"} ${trigger.name}`}
      onClick={() =>
        trigger.active && !confirmingOff
          ? setConfirmingOff(true)
          : toggle.mutate({ triggerId: trigger.id, active: !trigger.active })
      }
    >
      {trigger.active ? (confirmingOff ? "Confirm deactivate" : "Deactivate") : "Activate"}
    </Button>
  ) : null;
  return (
    <Card
      title={
        <span>
          {trigger.name} <Badge>{TYPE_LABEL[trigger.type]}</Badge> {status}
        </span>
      }
      description={trigger.active ? undefined : "Inactive triggers neither fire nor accept firings."}
      actions={actions}
      aria-label={`Trigger ${trigger.name}`}
    >
      <div className={authoring.stackTight}>
        <Details trigger={trigger} />
        {confirmingOff ? (
          <p className={authoring.muted}>
            Its subscribers stop receiving firings until you activate it again; scheduled firings missed meanwhile are
            skipped.
          </p>
        ) : null}
        {toggle.isError ? (
          <Alert tone="error" title="The trigger was not changed">
            {errorMessage(toggle.error)}
          </Alert>
        ) : null}
        {canRun && trigger.active ? <FireNow trigger={trigger} /> : null}
        <TriggerSubscribers
          domainId={domainId}
          trigger={trigger}
          subscribers={subscribers}
          candidates={candidates}
          canManage={canManage}
        />
        {/* A disclosure, not a button: the history loads only once someone opens it. */}
        <details onToggle={(event) => setShowHistory(event.currentTarget.open)}>
          <summary>Run history</summary>
          {showHistory ? (
            <TriggerRunHistory triggerId={trigger.id} triggerName={trigger.name} domainId={domainId} />
          ) : null}
        </details>
      </div>
    </Card>
  );
}
