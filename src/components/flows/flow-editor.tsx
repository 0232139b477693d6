"use client";

import { AutomationCallCard } from "@/components/automations/automation-call-card";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { canEditAutomation, canRunFlow } from "@/components/authoring/permissions";
import { DOMAIN_ROLE_LABEL, type TDomainRole } from "@/components/roles";
import { TriggerRunsLink } from "@/components/triggers/trigger-runs-link";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import authoring from "@/components/authoring/authoring.module.css";
import { formatDocument } from "./document-text";
import { FlowBindings } from "./flow-bindings";
import { FlowDraftEditor } from "./flow-draft-editor";
import { FlowGraphView } from "./flow-graph-view";
import { FlowRevisions } from "./flow-revisions";
import { FlowRunPanel } from "./flow-run-panel";
import styles from "./flows.module.css";

/** The flow page: the editable draft for Owners and Editors, read only for everyone else. */
export function FlowEditor({ flowId, role }: { flowId: string; role: TDomainRole | null }) {
  const trpc = useTRPC();
  const flow = useQuery(trpc.flows.get.queryOptions({ id: flowId }));
  if (flow.isError) {
    return (
      <Alert tone="error" title="The flow could not be loaded">
        {errorMessage(flow.error)}
      </Alert>
    );
  }
  const detail = flow.data?.flow;
  if (!detail) {
    return (
      <p className={authoring.loading} role="status">
        Loading the flow…
      </p>
    );
  }
  return (
    <div className={authoring.stack}>
      {canEditAutomation(role) ? (
        <FlowDraftEditor key={detail.id} flow={detail} />
      ) : (
        <>
          <div className={authoring.readonlyNote} data-testid="read-only-note">
            <strong>Read only.</strong>
            {role
              ? ` As a ${DOMAIN_ROLE_LABEL[role]} of this domain you can see this flow but not change or publish it.`
              : " You are not a member of this domain, so you cannot change this flow."}
          </div>
          <div className={styles.workspace}>
            <Card title="Draft document">
              <pre className={styles.readonlyText} aria-label="Flow document">
                {formatDocument(detail.graph, "yaml")}
              </pre>
            </Card>
            <Card title="Graph">
              <FlowGraphView graph={detail.graph} />
            </Card>
          </div>
          <FlowBindings
            flowId={detail.id}
            belt={Object.keys(detail.bindingPolicies).map((integrationId) => ({
              integrationId,
              identityMode: detail.bindingPolicies[integrationId]!,
            }))}
            policies={detail.bindingPolicies}
            editable={false}
          />
        </>
      )}
      <AutomationCallCard
        kind="flow"
        automationId={detail.id}
        domainId={detail.domainId}
        publishedRevision={detail.publishedRevision}
      />
      {canRunFlow(role) ? (
        <FlowRunPanel
          flowId={detail.id}
          publishedRevision={detail.publishedRevision}
          canTestRun={canEditAutomation(role)}
        />
      ) : null}
      <TriggerRunsLink domainId={detail.domainId} automationId={detail.id} kind="flow" />
      <FlowRevisions flowId={detail.id} />
    </div>
  );
}
