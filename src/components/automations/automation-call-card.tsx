"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/client/trpc";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { agentCurl, agentSdk, flowCurl, flowSdk, useOrigin } from "./ready-call";

type TProps = { kind: "agent" | "flow"; automationId: string; domainId: string; published: boolean };

/**
 * An agent's or flow's id (copyable) and a ready call: curl and the TypeScript SDK. An agent
 * is called by its session route; a flow through an active API trigger it subscribes to.
 */
export function AutomationCallCard({ kind, automationId, domainId, published }: TProps) {
  const origin = useOrigin();
  const [tab, setTab] = useState<"curl" | "sdk">("curl");
  const trigger = useApiTrigger(kind === "flow" ? domainId : null, automationId);
  const target = kind === "agent" ? automationId : trigger;
  const code = target ? (kind === "agent" ? (tab === "curl" ? agentCurl : agentSdk) : tab === "curl" ? flowCurl : flowSdk)(origin, target) : null;
  return (
    <Card title={`Call this ${kind}`} description={published ? "With a personal API key in SERVICE_API_KEY." : `Publish the ${kind} first: calls run its published revision.`}>
      <p>
        {kind === "agent" ? "Agent" : "Flow"} id <code data-testid="automation-id">{automationId}</code> <CopyButton value={automationId} label="Copy id" />
      </p>
      <div role="tablist" aria-label="Call with" style={{ display: "flex", gap: 8, margin: "12px 0" }}>
        {(["curl", "sdk"] as const).map((one) => (
          <Button key={one} size="small" role="tab" aria-selected={tab === one} variant={tab === one ? "primary" : "secondary"} onClick={() => setTab(one)}>
            {one === "curl" ? "curl" : "TypeScript SDK"}
          </Button>
        ))}
      </div>
      {code ? (
        <CodeBlock value={code} label={`Call this ${kind} with ${tab === "curl" ? "curl" : "the TypeScript SDK"}`} />
      ) : (
        <p>
          A flow starts through a trigger. Subscribe it to an active API trigger on the <Link href={`/triggers/${domainId}`}>Triggers</Link> page to get a ready call here.
        </p>
      )}
      <p style={{ marginTop: 8 }}>
        No key yet? <Link href="/settings/api-keys">Create a personal API key</Link>.
      </p>
    </Card>
  );
}

/** The first active API trigger of the domain that fires this flow, if any. */
function useApiTrigger(domainId: string | null, automationId: string): string | null {
  const trpc = useTRPC();
  const triggers = useQuery({ ...trpc.triggers.list.queryOptions({ domainId: domainId ?? "" }), enabled: Boolean(domainId) });
  const match = triggers.data?.triggers.find((entry) => entry.trigger.type === "api" && entry.trigger.active && entry.subscribers.some((subscriber) => subscriber.automationId === automationId));
  return match?.trigger.id ?? null;
}
