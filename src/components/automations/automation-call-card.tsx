"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/client/trpc";
import { exampleFlowInput } from "@/contracts/triggers/fire-trigger";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { CallerCredentialsNote } from "./caller-credentials-note";
import { agentCurl, agentSdk, flowCurl, flowSdk, useOrigin } from "./ready-call";

type TProps = { kind: "agent" | "flow"; automationId: string; domainId: string; publishedRevision: number | null };

/**
 * An agent's or flow's id (copyable) and a ready call: curl and the TypeScript SDK. An agent
 * is called by its session route; a flow through an active API trigger it subscribes to.
 */
export function AutomationCallCard({ kind, automationId, domainId, publishedRevision }: TProps) {
  const origin = useOrigin();
  const [tab, setTab] = useState<"curl" | "sdk">("curl");
  const published = publishedRevision !== null;
  const trigger = useApiTrigger(kind === "flow" ? domainId : null, automationId);
  const callerRequired = useCallerRequired(kind === "agent" ? automationId : null, publishedRevision);
  const input = useFlowExampleInput(kind === "flow" ? automationId : null, publishedRevision);
  const code =
    kind === "agent"
      ? (tab === "curl" ? agentCurl : agentSdk)(origin, automationId, callerRequired)
      : trigger
        ? (tab === "curl" ? flowCurl : flowSdk)(origin, trigger, input ?? {})
        : null;
  return (
    <Card
      title={`Call this ${kind}`}
      description={
        published
          ? "With a personal API key in SERVICE_API_KEY."
          : `Publish the ${kind} first: calls run its published revision.`
      }
    >
      <p>
        {kind === "agent" ? "Agent" : "Flow"} id <code data-testid="automation-id">{automationId}</code>{" "}
        <CopyButton value={automationId} label="Copy id" />
      </p>
      <div role="tablist" aria-label="Call with" style={{ display: "flex", gap: 8, margin: "12px 0" }}>
        {(["curl", "sdk"] as const).map((one) => (
          <Button
            key={one}
            size="small"
            role="tab"
            aria-selected={tab === one}
            variant={tab === one ? "primary" : "secondary"}
            onClick={() => setTab(one)}
          >
            {one === "curl" ? "curl" : "TypeScript SDK"}
          </Button>
        ))}
      </div>
      {code ? (
        <>
          <CodeBlock value={code} label={`Call this ${kind} with ${tab === "curl" ? "curl" : "the TypeScript SDK"}`} />
          <CallerCredentialsNote integrations={callerRequired} />
        </>
      ) : (
        <p>
          A flow starts through a trigger. Subscribe it to an active API trigger on the{" "}
          <Link href={`/triggers/${domainId}`}>Triggers</Link> page to get a ready call here.
        </p>
      )}
      <p style={{ marginTop: 8 }}>
        No key yet? <Link href="/settings/api-keys">Create a personal API key</Link>.
      </p>
    </Card>
  );
}

const NONE: readonly string[] = [];

/**
 * The integrations an agent's published revision binds as caller_required (calls run that
 * revision): the ready call carries callerCredentials for them, or it would be refused.
 */
function useCallerRequired(agentId: string | null, revision: number | null): readonly string[] {
  const trpc = useTRPC();
  const snapshot = useQuery({
    ...trpc.agents.getRevision.queryOptions({ id: agentId ?? "", revision: revision ?? 1 }, { staleTime: Infinity }),
    enabled: Boolean(agentId && revision),
  });
  return (
    snapshot.data?.revision.belt
      .filter((entry) => entry.identityMode === "caller_required")
      .map((entry) => entry.integrationId) ?? NONE
  );
}

/**
 * An input that matches the published flow's declared inputs (calls run that revision), so the
 * ready call starts a run; null while it loads. A flow never published gets `{}`.
 */
function useFlowExampleInput(flowId: string | null, revision: number | null): Record<string, unknown> | null {
  const trpc = useTRPC();
  const snapshot = useQuery({
    ...trpc.flows.getRevision.queryOptions({ id: flowId ?? "", revision: revision ?? 1 }, { staleTime: Infinity }),
    enabled: Boolean(flowId && revision),
  });
  if (!flowId || !revision) return {};
  if (snapshot.isError) return {};
  return snapshot.data ? exampleFlowInput(snapshot.data.revision.graph.inputSchema) : null;
}

/** The first active API trigger of the domain that fires this flow, if any. */
function useApiTrigger(domainId: string | null, automationId: string): string | null {
  const trpc = useTRPC();
  const triggers = useQuery({
    ...trpc.triggers.list.queryOptions({ domainId: domainId ?? "" }),
    enabled: Boolean(domainId),
  });
  const match = triggers.data?.triggers.find(
    (entry) =>
      entry.trigger.type === "api" &&
      entry.trigger.active &&
      entry.subscribers.some((subscriber) => subscriber.automationId === automationId),
  );
  return match?.trigger.id ?? null;
}
