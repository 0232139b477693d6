"use client";

import { useState } from "react";
import type { TFinding, TFindingKind, TSpan, TVerification, TWarningKind } from "@/contracts/agents/verification";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { BeltList } from "./belt-list";
import { ProcedureMirror, type TMark } from "./procedure-mirror";
import styles from "./agents.module.css";
import verify from "./verify.module.css";
import authoring from "@/components/authoring/authoring.module.css";

const FINDING_LABEL: Record<TFindingKind, string> = {
  unresolved_ref: "Unresolved reference",
  unknown_approval_tool: "Unknown approval tool",
  unknown_action_tool: "Unknown action tool",
  action_tool_outside_belt: "Action tool out of reach",
  action_tool_in_approval_tools: "Both approval and action tool",
  unavailable_model: "Model not available",
  unknown_knowledge_module: "Unknown knowledge module",
};

const WARNING_LABEL: Record<TWarningKind, string> = {
  empty_belt: "No tools",
  unreferenced_tool_id: "Tool id without #",
  approval_tool_outside_belt: "Approval tool out of reach",
  knowledge_search_without_selection: "Knowledge search without knowledge",
  model_cannot_call_tools: "The model will not call these tools",
};

export type TVerified = { result: TVerification; procedure: string };

type TProps = {
  verified: TVerified | null;
  /** The procedure was edited after the check: spans no longer line up. */
  stale: boolean;
  busy: boolean;
  error: string | null;
  onVerify: () => void;
  onShow: (span: TSpan) => void;
  onApply: (finding: TFinding) => void;
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/** The publish verifier's answer for the saved draft: findings block publish, warnings advise. */
export function VerifyPanel({ verified, stale, busy, error, onVerify, onShow, onApply }: TProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const result = verified?.result;
  const marks: TMark[] = [
    ...(result?.findings ?? []).flatMap((finding, index) =>
      finding.span
        ? [{ span: finding.span, tone: "finding" as const, id: `finding-${index}`, label: finding.detail }]
        : [],
    ),
    ...(result?.warnings ?? []).flatMap((warning, index) =>
      warning.span
        ? [{ span: warning.span, tone: "warning" as const, id: `warning-${index}`, label: warning.detail }]
        : [],
    ),
  ];

  function show(id: string, span: TSpan) {
    setActiveId(id);
    document.getElementById(id)?.scrollIntoView({ block: "nearest" });
    onShow(span);
  }

  return (
    <Card
      title="Verify"
      description="Saves the draft, then runs the checks Publish runs. Nothing is published."
      actions={
        <Button onClick={onVerify} busy={busy}>
          Verify draft
        </Button>
      }
    >
      <div className={verify.verify} data-testid="verify-panel">
        {error ? (
          <Alert tone="error" title="The draft was not verified">
            {error}
          </Alert>
        ) : null}
        {!result && !error ? (
          <p className={authoring.help}>
            Run a check to see unresolved tool references, unknown approval tools and the bindings the agent would get.
          </p>
        ) : null}
        {result ? (
          <>
            <div className={verify.summary} role="status">
              {result.findings.length ? (
                <Badge tone="danger">{plural(result.findings.length, "finding")}</Badge>
              ) : (
                <Badge tone="success">No findings: ready to publish</Badge>
              )}
              {result.warnings.length ? (
                <Badge tone="neutral">{plural(result.warnings.length, "warning")}</Badge>
              ) : null}
            </div>
            {stale ? (
              <Alert tone="warning">
                The procedure changed after this check. Verify again to line the highlights up with your text.
              </Alert>
            ) : null}
            {result.findings.length ? (
              <ul className={verify.issues} aria-label="Findings">
                {result.findings.map((finding, index) => (
                  <li key={`finding-${index}`} className={`${verify.issue} ${verify.issueFinding}`}>
                    <p className={verify.issueKind}>{FINDING_LABEL[finding.kind]}</p>
                    <p>{finding.detail}</p>
                    {finding.span ||
                    (finding.proposal &&
                      (finding.kind === "unknown_approval_tool" || finding.kind === "unknown_action_tool")) ? (
                      <div className={verify.issueActions}>
                        {finding.span ? (
                          <Button
                            size="small"
                            variant="ghost"
                            disabled={stale}
                            onClick={() => show(`finding-${index}`, finding.span!)}
                          >
                            Show in procedure
                          </Button>
                        ) : null}
                        {finding.proposal ? (
                          <Button
                            size="small"
                            variant="primary"
                            disabled={(finding.span !== null && stale) || busy}
                            onClick={() => onApply(finding)}
                          >
                            Replace with {finding.proposal}
                          </Button>
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {result.warnings.length ? (
              <ul className={verify.issues} aria-label="Warnings">
                {result.warnings.map((warning, index) => (
                  <li key={`warning-${index}`} className={`${verify.issue} ${verify.issueWarning}`}>
                    <p className={verify.issueKind}>{WARNING_LABEL[warning.kind]}</p>
                    <p>{warning.detail}</p>
                    {warning.span ? (
                      <div className={verify.issueActions}>
                        <Button
                          size="small"
                          variant="ghost"
                          disabled={stale}
                          onClick={() => show(`warning-${index}`, warning.span!)}
                        >
                          Show in procedure
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {marks.length && verified ? (
              <ProcedureMirror procedure={verified.procedure} marks={marks} activeId={activeId} />
            ) : null}
            <div>
              <p className={styles.subheading}>Planned bindings</p>
              <BeltList belt={result.plannedBelt} empty="The procedure references no integration." />
            </div>
          </>
        ) : null}
      </div>
    </Card>
  );
}
