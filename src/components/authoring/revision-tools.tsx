"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC } from "@/client/trpc";
import type { TCompareRevisionsResponse, TRevisionChange } from "@/contracts/agents/compare-revisions";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { canEditAutomation } from "./permissions";
import { SelectField } from "./select-field";
import styles from "./revision-tools.module.css";

type TKind = "agent" | "flow";
type TProps = {
  kind: TKind;
  automationId: string;
  domainId: string | undefined;
  /** Published revision numbers, newest first (undefined while loading). */
  revisions: number[] | undefined;
};

/** The query parameter a restore reloads the page with, so the fresh draft editor can say what happened. */
const RESTORED = "restored";
const NOUN: Record<TKind, string> = { agent: "agent", flow: "flow" };
const RUNNERS: Record<TKind, string> = { agent: "Callers", flow: "Runs" };

/**
 * Compare two published revisions (what changed, field by field or step by step) and, for those
 * who may edit, restore one into the draft. A restore replaces the draft only; nothing runs it
 * until a person publishes.
 */
export function RevisionTools({ kind, automationId, domainId, revisions }: TProps) {
  const trpc = useTRPC();
  const domains = useQuery(trpc.tenancy.listDomains.queryOptions());
  const role = domains.data?.domains.find((domain) => domain.id === domainId)?.myRole ?? null;
  const canEdit = canEditAutomation(role);
  const [restored, setRestored] = useState<number | null>(null);

  useEffect(() => {
    // Read after hydration (the server render has no notice): the reload a restore made.
    const url = new URL(window.location.href);
    const value = Number(url.searchParams.get(RESTORED));
    if (!Number.isInteger(value) || value < 1) return;
    setRestored(value);
    url.searchParams.delete(RESTORED);
    window.history.replaceState(window.history.state, "", url);
  }, []);

  if (!revisions || revisions.length === 0) return null;
  return (
    <Card
      title="Compare and restore"
      description={`See what changed between two revisions${canEdit ? ", or copy one back into the draft" : ""}.`}
      aria-label="Compare and restore revisions"
    >
      <div className={styles.stack}>
        {restored !== null ? (
          <Alert tone="success" title={`Revision ${restored} was copied into the draft`}>
            Nothing is published yet: {RUNNERS[kind].toLowerCase()} keep the published revision until you publish the
            draft.
          </Alert>
        ) : null}
        {/* Keyed by the newest revision: a new publish resets the choices to the newest two. */}
        <Compare key={`compare-${revisions[0]}`} kind={kind} automationId={automationId} revisions={revisions} />
        {canEdit ? (
          <Restore key={`restore-${revisions[0]}`} kind={kind} automationId={automationId} revisions={revisions} />
        ) : null}
      </div>
    </Card>
  );
}

function Compare({ kind, automationId, revisions }: { kind: TKind; automationId: string; revisions: number[] }) {
  const trpc = useTRPC();
  const [from, setFrom] = useState(revisions[1] ?? revisions[0]!);
  const [to, setTo] = useState(revisions[0]!);
  const [asked, setAsked] = useState<{ from: number; to: number } | null>(null);
  const input = asked ? { id: automationId, ...asked } : { id: automationId, from: 1, to: 1 };
  const agentDiff = useQuery(
    trpc.agents.compareRevisions.queryOptions(input, {
      enabled: Boolean(asked) && kind === "agent",
      staleTime: Infinity,
    }),
  );
  const flowDiff = useQuery(
    trpc.flows.compareRevisions.queryOptions(input, {
      enabled: Boolean(asked) && kind === "flow",
      staleTime: Infinity,
    }),
  );
  const diff = kind === "agent" ? agentDiff : flowDiff;
  return (
    <div className={styles.section}>
      <form
        className={styles.controls}
        onSubmit={(event) => {
          event.preventDefault();
          setAsked({ from, to });
        }}
      >
        <RevisionSelect label="From revision" value={from} revisions={revisions} onChange={setFrom} />
        <RevisionSelect label="To revision" value={to} revisions={revisions} onChange={setTo} />
        <Button type="submit" busy={Boolean(asked) && diff.isFetching}>
          Compare
        </Button>
      </form>
      {asked && diff.isError ? (
        <Alert tone="error" title="The revisions could not be compared">
          {errorMessage(diff.error)}
        </Alert>
      ) : null}
      {asked && diff.data ? <Changes result={diff.data} /> : null}
    </div>
  );
}

function Changes({ result }: { result: TCompareRevisionsResponse }) {
  if (result.changes.length === 0)
    return (
      <p className={styles.same} role="status">
        {result.from === result.to
          ? `That is revision ${result.from} twice: pick two different revisions.`
          : `Revisions ${result.from} and ${result.to} are the same.`}
      </p>
    );
  return (
    <div aria-label={`Changes from revision ${result.from} to revision ${result.to}`} role="region">
      <p className={styles.summary} role="status">
        {result.changes.length === 1 ? "One thing changed" : `${result.changes.length} things changed`} from revision{" "}
        {result.from} to revision {result.to}.
      </p>
      <ul className={styles.changes}>
        {result.changes.map((change) => (
          <li key={change.field} className={styles.change}>
            <div className={styles.changeHeader}>
              <strong>{change.label}</strong>
              <Badge tone={change.change === "added" ? "success" : change.change === "removed" ? "danger" : "brand"}>
                {change.change}
              </Badge>
            </div>
            <ChangeLines change={change} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Removed lines marked "-" and added ones "+", as in any diff; long unchanged stretches stay visible (texts are short). */
function ChangeLines({ change }: { change: TRevisionChange }) {
  if (!change.lines) {
    return (
      <div className={styles.sides}>
        <pre className={styles.lines} aria-label="Before">
          {change.before ?? "(none)"}
        </pre>
        <pre className={styles.lines} aria-label="After">
          {change.after ?? "(none)"}
        </pre>
      </div>
    );
  }
  return (
    <pre className={styles.lines}>
      {change.lines.map((line, index) => (
        <span key={index} className={styles[line.op]} data-op={line.op}>
          <span className={styles.mark} aria-hidden="true">
            {line.op === "added" ? "+" : line.op === "removed" ? "-" : " "}
          </span>
          {line.op === "same" ? null : <span className="sr-only">{line.op === "added" ? "Added: " : "Removed: "}</span>}
          {line.text}
          {"\n"}
        </span>
      ))}
    </pre>
  );
}

function Restore({ kind, automationId, revisions }: { kind: TKind; automationId: string; revisions: number[] }) {
  const trpc = useTRPC();
  const [revision, setRevision] = useState(revisions[0]!);
  const [confirming, setConfirming] = useState(false);
  const restoreAgent = useMutation(trpc.agents.restoreRevision.mutationOptions());
  const restoreFlow = useMutation(trpc.flows.restoreRevision.mutationOptions());
  const restore = kind === "agent" ? restoreAgent : restoreFlow;

  async function onConfirm() {
    try {
      if (kind === "agent") await restoreAgent.mutateAsync({ id: automationId, revision });
      else await restoreFlow.mutateAsync({ id: automationId, revision });
    } catch {
      return; // The dialog shows the mutation's error.
    }
    // The draft editor holds the draft in its own state: a fresh page is the honest way to show the new one.
    const url = new URL(window.location.href);
    url.searchParams.set(RESTORED, String(revision));
    window.location.assign(url);
  }

  return (
    <div className={styles.section}>
      <form
        className={styles.controls}
        onSubmit={(event) => {
          event.preventDefault();
          restore.reset();
          setConfirming(true);
        }}
      >
        <RevisionSelect label="Revision to restore" value={revision} revisions={revisions} onChange={setRevision} />
        <Button type="submit">Restore into draft</Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={`Restore revision ${revision} into the draft?`}
        confirmLabel="Restore into draft"
        tone="primary"
        busy={restore.isPending}
        error={restore.isError ? errorMessage(restore.error) : null}
        onConfirm={() => detach(onConfirm(), "revision tools: restore")}
        onClose={() => setConfirming(false)}
      >
        The {NOUN[kind]}&apos;s draft is replaced by revision {revision}, including unsaved changes in the editor.
        Nothing is published: {RUNNERS[kind].toLowerCase()} keep the published revision until you publish the draft.
      </ConfirmDialog>
    </div>
  );
}

function RevisionSelect({
  label,
  value,
  revisions,
  onChange,
}: {
  label: string;
  value: number;
  revisions: number[];
  onChange: (revision: number) => void;
}) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {revisions.map((revision) => (
        <option key={revision} value={revision}>
          Revision {revision}
        </option>
      ))}
    </SelectField>
  );
}
