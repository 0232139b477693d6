"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC, useTRPCClient } from "@/client/trpc";
import type { TAgentDetail } from "@/contracts/agents/agent-detail";
import type { TBindingPolicies, TKnowledgeSelection } from "@/contracts/agents/setup";
import type { TActionClasses } from "@/contracts/assistant/actions";
import { ZUpdateAgentSetupRequest } from "@/contracts/agents/update-agent-setup";
import type { TFinding, TPublishFinding, TVerification } from "@/contracts/agents/verification";
import { CREDENTIAL_FREE_INTEGRATIONS } from "@/components/authoring/credential-free";
import { appErrorWithDetails } from "@/components/authoring/errors";
import { formErrorsOf, formErrorsOfZod } from "@/components/forms/field-errors";
import { useUnsavedChangesGuard } from "@/components/authoring/use-unsaved-changes-guard";
import type { TPublishOutcome } from "./publish-card";
import { referencedIntegrations, type TToolCatalog } from "./tool-catalog";
import type { TVerified } from "./verify-panel";

export type TDraft = {
  principles: string;
  procedure: string;
  model: string;
  approvalTools: string[];
  actionClasses: TActionClasses;
  bindingPolicies: TBindingPolicies;
  knowledgeSelection: TKnowledgeSelection;
};

const LABELS = {
  principles: "Principles",
  procedure: "Procedure",
  model: "Model",
  approvalTools: "Approval tools",
  actionClasses: "Action classes",
};
const FIX_FIELDS = "Fix the fields marked in the Setup first.";

function draftOf(agent: TAgentDetail): TDraft {
  return { ...agent.setup, bindingPolicies: agent.bindingPolicies, knowledgeSelection: agent.knowledgeSelection };
}

/**
 * The policies that matter: those of the integrations the procedure references (the only ones
 * the belt can use), `service` left implicit as the server does.
 */
function effectivePolicies(draft: TDraft, catalog: TToolCatalog): TBindingPolicies {
  const policies: TBindingPolicies = {};
  for (const integration of referencedIntegrations(draft.procedure, catalog)) {
    const mode = draft.bindingPolicies[integration.id];
    if (mode && mode !== "service" && !CREDENTIAL_FREE_INTEGRATIONS.has(integration.id))
      policies[integration.id] = mode;
  }
  return policies;
}

/** The draft with a finding's proposal applied, or null when it cannot be placed. */
export function withProposal(draft: TDraft, finding: TFinding): TDraft | null {
  if (!finding.proposal) return null;
  if (finding.span) {
    const { start, end } = finding.span;
    return { ...draft, procedure: draft.procedure.slice(0, start) + finding.proposal + draft.procedure.slice(end) };
  }
  if (finding.kind === "unknown_action_tool") return withActionToolRenamed(draft, finding.detail, finding.proposal);
  const index =
    finding.kind === "unknown_approval_tool" ? Number(/^approvalTools\[(\d+)\]/.exec(finding.detail)?.[1] ?? -1) : -1;
  if (index < 0 || index >= draft.approvalTools.length) return null;
  const approvalTools = draft.approvalTools.map((name, position) => (position === index ? finding.proposal! : name));
  return {
    ...draft,
    approvalTools: approvalTools.filter((name, position) => approvalTools.indexOf(name) === position),
  };
}

/** Renames the key an `unknown_action_tool` finding names (its detail starts with `actionClasses["<key>"]`), keeping its class. */
function withActionToolRenamed(draft: TDraft, detail: string, proposal: string): TDraft | null {
  const key = /^actionClasses\["(.*?)"\]/.exec(detail)?.[1];
  const actionClass = key === undefined ? undefined : draft.actionClasses[key];
  if (key === undefined || !actionClass) return null;
  const actionClasses = Object.fromEntries(Object.entries(draft.actionClasses).filter(([name]) => name !== key));
  // A class already given to the proposed tool wins: the author chose it explicitly.
  return { ...draft, actionClasses: { [proposal]: actionClass, ...actionClasses } };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const setupOf = ({ principles, procedure, model, approvalTools, actionClasses }: TDraft) => ({
  principles,
  procedure,
  model,
  approvalTools,
  actionClasses,
});

/** A publish refusal lists findings in its own shape; the panel shows them like verify's. */
function fromRefusal(findings: TPublishFinding[]): TVerification {
  return {
    findings: findings.map((finding) => ({
      kind: finding.kind,
      span: finding.span,
      detail: finding.message,
      proposal: finding.proposal,
    })),
    plannedBelt: [],
    warnings: [],
  };
}

/**
 * The editor's state and its three actions. Verify and Publish work on the saved draft, so
 * both save unsaved changes first; Save sends only the parts that changed.
 */
export function useAgentDraft(agent: TAgentDetail, catalog: TToolCatalog) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(agent));
  const [saved, setSaved] = useState(() => draftOf(agent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [verified, setVerified] = useState<TVerified | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);

  const isDirty = (next: TDraft) =>
    !same(setupOf(next), setupOf(saved)) ||
    !same(effectivePolicies(next, catalog), effectivePolicies(saved, catalog)) ||
    !same(next.knowledgeSelection, saved.knowledgeSelection);
  const dirty = isDirty(draft);

  useUnsavedChangesGuard(dirty);

  function update(patch: Partial<TDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch);
    if (touched.some((key) => errors[key]))
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touched.includes(key))));
  }

  async function save(next: TDraft = draft): Promise<boolean> {
    const parsed = ZUpdateAgentSetupRequest.safeParse({ id: agent.id, ...setupOf(next) });
    if (!parsed.success) {
      setErrors(formErrorsOfZod(parsed.error, LABELS).fields);
      return false;
    }
    setErrors({});
    setSaveError(null);
    setSaving(true);
    try {
      if (!same(setupOf(next), setupOf(saved))) await client.agents.updateSetup.mutate(parsed.data);
      const policies = effectivePolicies(next, catalog);
      if (!same(policies, effectivePolicies(saved, catalog)))
        await client.agents.setBindingPolicies.mutate({ id: agent.id, policies });
      if (!same(next.knowledgeSelection, saved.knowledgeSelection))
        await client.agents.setKnowledgeSelection.mutate({ id: agent.id, ...next.knowledgeSelection });
      setSaved(next);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey({ id: agent.id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey({ domainId: agent.domainId }) }),
      ]);
      return true;
    } catch (error) {
      const found = formErrorsOf(error, LABELS);
      setErrors(found.fields);
      setSaveError(found.form.length ? found.form.join(" ") : FIX_FIELDS);
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function verify(next: TDraft = draft) {
    setVerifyError(null);
    setVerifying(true);
    try {
      if (isDirty(next) && !(await save(next))) {
        setVerifyError(FIX_FIELDS);
        return;
      }
      setVerified({ result: await client.agents.verify.query({ id: agent.id }), procedure: next.procedure });
    } catch (error) {
      setVerifyError(errorMessage(error));
    } finally {
      setVerifying(false);
    }
  }

  /**
   * A proposal replaces exactly the finding's span in the procedure, or the approval tool the
   * finding names (its detail starts with `approvalTools[<index>]`), or the action-classes key it
   * names; then the check runs again.
   */
  function applyProposal(finding: TFinding) {
    const next = withProposal(draft, finding);
    if (!next) return;
    setDraft(next);
    // Not awaited: applying a proposal returns to its click at once; the check reports when done.
    detach(verify(next), "agent draft: verify after a proposal");
  }

  async function publish(changeNote: string): Promise<TPublishOutcome> {
    if (dirty && !(await save())) return { kind: "failed", message: FIX_FIELDS };
    try {
      const published = await client.agents.publish.mutate({ id: agent.id, changeNote: changeNote.trim() || null });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.agents.listRevisions.queryKey({ id: agent.id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey({ id: agent.id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey({ domainId: agent.domainId }) }),
      ]);
      return published.identicalTo === null
        ? { kind: "published", revision: published.revision, belt: published.belt }
        : { kind: "unchanged", revision: published.revision, identicalTo: published.identicalTo };
    } catch (error) {
      const appError = appErrorWithDetails(error);
      const findings = appError?.details?.findings as TPublishFinding[] | undefined;
      if (!appError || !Array.isArray(findings)) return { kind: "failed", message: errorMessage(error) };
      // Show the refusal in the Verify panel too, with warnings and bindings when we can get them.
      const result = await client.agents.verify.query({ id: agent.id }).catch(() => fromRefusal(findings));
      setVerified({ result, procedure: draft.procedure });
      return { kind: "refused", message: appError.message, findings };
    }
  }

  return {
    draft,
    update,
    dirty,
    errors,
    saveError,
    saving,
    save,
    verified,
    verifyError,
    verifying,
    verify,
    applyProposal,
    publish,
  };
}
