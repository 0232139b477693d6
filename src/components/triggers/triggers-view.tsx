"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { NotMember } from "@/components/authoring/not-member";
import { canEditAutomation, canRunFlow } from "@/components/authoring/permissions";
import authoring from "@/components/authoring/authoring.module.css";
import type { TDomainRole } from "@/components/roles";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { CreateTriggerForm } from "./create-trigger-form";
import { TriggerCard } from "./trigger-card";

type TProps = { domainId: string; domainName: string; role: TDomainRole | null };

/** Members see the domain's triggers; Owners and Editors also create and manage them. */
export function TriggersView({ domainId, domainName, role }: TProps) {
  if (!role) return <NotMember domainName={domainName} what="triggers" />;
  return (
    <DomainTriggers
      domainId={domainId}
      domainName={domainName}
      canManage={canEditAutomation(role)}
      canRun={canRunFlow(role)}
    />
  );
}

function DomainTriggers({
  domainId,
  domainName,
  canManage,
  canRun,
}: {
  domainId: string;
  domainName: string;
  canManage: boolean;
  canRun: boolean;
}) {
  const trpc = useTRPC();
  const triggers = useQuery(trpc.triggers.list.queryOptions({ domainId }));
  const subscribable = useQuery(trpc.triggers.subscribable.queryOptions({ domainId }));
  return (
    <div className={authoring.stack}>
      {canManage ? <CreateTriggerForm domainId={domainId} domainName={domainName} /> : null}
      {triggers.isError ? (
        <Alert tone="error" title="Triggers could not be loaded">
          {errorMessage(triggers.error)}
        </Alert>
      ) : triggers.data && triggers.data.triggers.length === 0 ? (
        <Card>
          <EmptyState title="No triggers yet">
            {canManage
              ? "A trigger starts every subscribed agent and flow at once: on a schedule, from an API call, or when an event arrives. Create one above."
              : `Owners and Editors of ${domainName} create triggers; none exist yet.`}
          </EmptyState>
        </Card>
      ) : (
        <section aria-label="Triggers" className={authoring.stack}>
          {(triggers.data?.triggers ?? []).map((entry) => (
            <TriggerCard
              key={entry.trigger.id}
              domainId={domainId}
              entry={entry}
              candidates={subscribable.data?.automations ?? []}
              canManage={canManage}
              canRun={canRun}
            />
          ))}
        </section>
      )}
    </div>
  );
}
