"use client";

import { useMemo, useRef, type FormEvent } from "react";
import { detach } from "@/client/detach";
import type { TAgentDetail } from "@/contracts/agents/agent-detail";
import { SETUP_LIMITS, type TSetup } from "@/contracts/agents/setup";
import type { TSpan } from "@/contracts/agents/verification";
import type { TCodeEditorHandle } from "@/components/code-editor/code-editor";
import type { TKnowledgeModuleSummary } from "@/contracts/knowledge/list-modules";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ActionClassesField } from "./action-classes-field";
import { ApprovalToolsField } from "./approval-tools-field";
import { BindingPoliciesField } from "./binding-policies-field";
import { KnowledgeSelectionField } from "./knowledge-selection-field";
import { ModelPicker } from "./model-picker";
import { ProcedureEditor } from "./procedure-editor";
import { PublishCard } from "./publish-card";
import { referencedIntegrations, type TToolCatalog } from "./tool-catalog";
import { useAgentDraft } from "./use-agent-draft";
import { verifierDiagnostics } from "./verifier-diagnostics";
import { VerifyPanel } from "./verify-panel";
import styles from "./agents.module.css";

type TProps = { agent: TAgentDetail; catalog: TToolCatalog; modules: TKnowledgeModuleSummary[] | undefined };

/** Setup on the left; Verify and Publish beside it, so findings sit next to the text. */
export function AgentDraftEditor({ agent, catalog, modules }: TProps) {
  const editor = useAgentDraft(agent, catalog);
  const { draft, update, errors } = editor;
  const procedureEditor = useRef<TCodeEditorHandle>(null);
  const diagnostics = useMemo(
    () => verifierDiagnostics(editor.verified, draft.procedure),
    [editor.verified, draft.procedure],
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Not awaited: React does not await an event handler; the editor shows a failed save itself.
    detach(editor.save(), "agent editor: save");
  }

  /** Selects a finding's range in the editor, where the person can fix it by hand. */
  function showSpan(span: TSpan) {
    procedureEditor.current?.select(span.start, span.end);
  }

  const text = (field: keyof Pick<TSetup, "principles">) => ({
    value: draft[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => update({ [field]: event.target.value }),
  });

  return (
    <div className={styles.editor}>
      <Card
        title="Setup"
        description="The draft. Saving never changes what callers run; publishing does."
        className={styles.editorMain}
      >
        <form onSubmit={onSubmit} noValidate className={styles.setupForm} aria-label="Agent setup">
          <TextAreaField
            label="Principles"
            name="principles"
            rows={5}
            max={SETUP_LIMITS.principles}
            hint="What the agent must always respect."
            {...text("principles")}
          />
          <ProcedureEditor
            value={draft.procedure}
            onChange={(procedure) => update({ procedure })}
            tools={catalog.tools}
            error={errors.procedure}
            diagnostics={diagnostics}
            handle={procedureEditor}
          />
          <ModelPicker value={draft.model} onChange={(model) => update({ model })} error={errors.model} />
          <ApprovalToolsField
            value={draft.approvalTools}
            onChange={(approvalTools) => update({ approvalTools })}
            tools={catalog.tools}
            error={errors.approvalTools}
          />
          <ActionClassesField
            value={draft.actionClasses}
            onChange={(actionClasses) => update({ actionClasses })}
            tools={catalog.tools}
            error={errors.actionClasses}
          />
          <BindingPoliciesField
            integrations={referencedIntegrations(draft.procedure, catalog)}
            value={draft.bindingPolicies}
            onChange={(bindingPolicies) => update({ bindingPolicies })}
          />
          <KnowledgeSelectionField
            value={draft.knowledgeSelection}
            onChange={(knowledgeSelection) => update({ knowledgeSelection })}
            modules={modules}
          />
          {editor.saveError ? (
            <Alert tone="error" title="The draft was not saved">
              {editor.saveError}
            </Alert>
          ) : null}
          <div className={styles.saveBar}>
            <span className={styles.saveState} role="status" data-testid="save-state">
              {editor.saving ? "Saving…" : editor.dirty ? "Unsaved changes" : "All changes saved"}
            </span>
            <Button type="submit" variant="primary" busy={editor.saving} disabled={!editor.dirty}>
              Save draft
            </Button>
          </div>
        </form>
      </Card>
      <div className={styles.editorAside}>
        <VerifyPanel
          verified={editor.verified}
          stale={editor.verified !== null && editor.verified.procedure !== draft.procedure}
          busy={editor.verifying}
          error={editor.verifyError}
          onVerify={() => detach(editor.verify(), "agent editor: verify")}
          onShow={showSpan}
          onApply={editor.applyProposal}
        />
        <PublishCard publishedRevision={agent.publishedRevision} dirty={editor.dirty} onPublish={editor.publish} />
      </div>
    </div>
  );
}
