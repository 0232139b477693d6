import type { TBindingPolicies, TKnowledgeSelection, TSetup } from "@/contracts/agents/setup";
import authoring from "@/components/authoring/authoring.module.css";
import { IDENTITY_MODE_LABEL } from "./identity-modes";

const KNOWLEDGE_LABEL: Record<TKnowledgeSelection["mode"], string> = {
  none: "No knowledge",
  org: "Organization knowledge",
  domain: "This domain's knowledge",
  modules: "Selected modules",
};

function Text({ value, empty }: { value: string; empty: string }) {
  return (
    <pre className={authoring.valueBlock}>{value ? value : <span className={authoring.valueEmpty}>{empty}</span>}</pre>
  );
}

/** A Setup shown without edit controls: the read-only editor and revision snapshots. */
export function SetupView({
  setup,
  bindingPolicies,
  knowledgeSelection,
}: {
  setup: TSetup;
  bindingPolicies: TBindingPolicies;
  knowledgeSelection: TKnowledgeSelection;
}) {
  const policies = Object.entries(bindingPolicies);
  const actions = Object.entries(setup.actionClasses);
  return (
    <dl className={authoring.definition}>
      <dt>Model</dt>
      <dd>
        <code className={authoring.inlineCode}>{setup.model}</code>
      </dd>
      <dt>Principles</dt>
      <dd>
        <Text value={setup.principles} empty="No principles." />
      </dd>
      <dt>Procedure</dt>
      <dd>
        <Text value={setup.procedure} empty="No procedure." />
      </dd>
      <dt>Approval tools</dt>
      <dd>
        {setup.approvalTools.length ? (
          <ul className={authoring.chips}>
            {setup.approvalTools.map((name) => (
              <li key={name} className={`${authoring.chip} ${authoring.chipStatic}`}>
                {name}
              </li>
            ))}
          </ul>
        ) : (
          <span className={authoring.muted}>None: no call waits for approval.</span>
        )}
      </dd>
      <dt>Action classes</dt>
      <dd>
        {actions.length ? (
          <ul className={authoring.chips}>
            {actions.map(([name, actionClass]) => (
              <li key={name} className={`${authoring.chip} ${authoring.chipStatic}`}>
                {name}: {actionClass}
              </li>
            ))}
          </ul>
        ) : (
          <span className={authoring.muted}>None: every tool call runs without a worker&apos;s policy.</span>
        )}
      </dd>
      <dt>Binding policies</dt>
      <dd>
        {policies.length ? (
          <ul className={authoring.chips}>
            {policies.map(([integrationId, mode]) => (
              <li key={integrationId} className={`${authoring.chip} ${authoring.chipStatic}`}>
                {integrationId}: {IDENTITY_MODE_LABEL[mode]}
              </li>
            ))}
          </ul>
        ) : (
          <span className={authoring.muted}>Every integration runs as the service.</span>
        )}
      </dd>
      <dt>Knowledge</dt>
      <dd>
        {KNOWLEDGE_LABEL[knowledgeSelection.mode]}
        {knowledgeSelection.mode === "modules"
          ? ` (${knowledgeSelection.moduleIds.length} ${knowledgeSelection.moduleIds.length === 1 ? "module" : "modules"})`
          : ""}
      </dd>
    </dl>
  );
}
