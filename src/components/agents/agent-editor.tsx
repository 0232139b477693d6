"use client";

import { AutomationCallCard } from "@/components/automations/automation-call-card";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { canEditAutomation, canRunFlow } from "@/components/authoring/permissions";
import { DOMAIN_ROLE_LABEL, type TDomainRole } from "@/components/roles";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import authoring from "@/components/authoring/authoring.module.css";
import { AgentDraftEditor } from "./agent-draft-editor";
import { TriggerRunsLink } from "@/components/triggers/trigger-runs-link";
import { AgentRunPanel } from "./agent-run-panel";
import { RevisionHistory } from "./revision-history";
import { SetupView } from "./setup-view";
import { buildCatalog } from "./tool-catalog";

type TProps = { agentId: string; domainId: string; role: TDomainRole | null };

/**
 * The agent page: the editable draft for Owners and Editors of the domain, the same content
 * without controls for everyone else, Run / Test run for those who may run it, and the
 * revision history for all.
 */
export function AgentEditor({ agentId, domainId, role }: TProps) {
  const trpc = useTRPC();
  const canEdit = canEditAutomation(role);
  const agent = useQuery(trpc.agents.get.queryOptions({ id: agentId }));
  const integrations = useQuery(trpc.integrations.list.queryOptions({}, { enabled: canEdit }));
  const modules = useQuery(trpc.knowledge.listModules.queryOptions(undefined, { enabled: canEdit }));
  const catalog = useMemo(
    () => (integrations.data ? buildCatalog(integrations.data.integrations) : null),
    [integrations.data],
  );
  const usableModules = modules.data?.modules.filter(
    (knowledgeModule) => knowledgeModule.kind === "org" || knowledgeModule.domainId === domainId,
  );

  const failed = agent.error ?? integrations.error;
  if (failed) {
    return (
      <Alert tone="error" title="The agent could not be loaded">
        {errorMessage(failed)}
      </Alert>
    );
  }
  const detail = agent.data?.agent;
  if (!detail || (canEdit && !catalog)) {
    return (
      <p className={authoring.loading} role="status">
        Loading the agent…
      </p>
    );
  }
  return (
    <div className={authoring.stack}>
      {canEdit && catalog ? (
        <AgentDraftEditor key={detail.id} agent={detail} catalog={catalog} modules={usableModules} />
      ) : (
        <>
          <div className={authoring.readonlyNote} data-testid="read-only-note">
            <strong>Read only.</strong>
            {role
              ? `As ${/^[AEIOU]/.test(DOMAIN_ROLE_LABEL[role]) ? "an" : "a"} ${DOMAIN_ROLE_LABEL[role]} of this domain you can see this agent but not change or publish it.`
              : "You are not a member of this domain, so you cannot change this agent."}
          </div>
          <Card title="Draft setup" description="What the next revision would contain if an editor published it now.">
            <SetupView
              setup={detail.setup}
              bindingPolicies={detail.bindingPolicies}
              knowledgeSelection={detail.knowledgeSelection}
            />
          </Card>
        </>
      )}
      <AutomationCallCard
        kind="agent"
        automationId={detail.id}
        domainId={domainId}
        publishedRevision={detail.publishedRevision}
      />
      <AgentRunPanel
        agentId={detail.id}
        publishedRevision={detail.publishedRevision}
        canRun={canRunFlow(role)}
        canTestRun={canEdit}
      />
      <TriggerRunsLink domainId={domainId} automationId={detail.id} kind="agent" />
      <RevisionHistory agentId={detail.id} />
    </div>
  );
}
