"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { appErrorOf, errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC } from "@/client/trpc";
import type { TFlowDetail } from "@/contracts/flows/flow";
import { FLOW_CHANGE_NOTE_MAX } from "@/contracts/flows/flow";
import { ZFlowGraph } from "@/contracts/flows/graph";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { useUnsavedChangesGuard } from "@/components/authoring/use-unsaved-changes-guard";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDocument, parseDocument, type TDocumentFormat } from "./document-text";
import { FindingsList } from "./findings-list";
import { FlowDocumentEditor } from "./flow-document-editor";
import { FlowBindings } from "./flow-bindings";
import { FlowGraphView } from "./flow-graph-view";
import { useLiveValidation } from "./use-live-validation";
import styles from "./flows.module.css";

type TNotice = { tone: "success" | "warning" | "error"; title: string; message: string } | null;

/** The editable draft: the document (YAML or JSON) beside its graph, live findings, publish. */
export function FlowDraftEditor({ flow }: { flow: TFlowDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<TDocumentFormat>("yaml");
  const [text, setText] = useState(() => formatDocument(flow.graph, "yaml"));
  const [saved, setSaved] = useState(() => JSON.stringify(flow.graph));
  const [changeNote, setChangeNote] = useState("");
  const [notice, setNotice] = useState<TNotice>(null);
  const [revalidate, setRevalidate] = useState(0);
  const parsed = useMemo(() => parseDocument(text), [text]);
  const live = useLiveValidation(flow.id, parsed, revalidate);
  const structured = useMemo(() => (parsed.ok ? ZFlowGraph.safeParse(parsed.value) : null), [parsed]);
  const [lastGood, setLastGood] = useState(flow.graph);
  if (structured?.success && JSON.stringify(structured.data) !== JSON.stringify(lastGood)) setLastGood(structured.data);
  const dirty = !parsed.ok || JSON.stringify(parsed.value) !== saved;
  useUnsavedChangesGuard(dirty);

  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.flows.get.queryKey({ id: flow.id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.flows.listRevisions.queryKey({ id: flow.id }) }),
    ]);
  const update = useMutation(trpc.flows.updateGraph.mutationOptions());
  const publish = useMutation(trpc.flows.publish.mutationOptions());

  async function save(): Promise<boolean> {
    if (!structured?.success) {
      setNotice({
        tone: "error",
        title: "Not saved",
        message: "Fix the document's structure first (see the findings).",
      });
      return false;
    }
    try {
      const updated = await update.mutateAsync({ id: flow.id, graph: structured.data });
      setSaved(JSON.stringify(updated.graph));
      await invalidate();
      return true;
    } catch (error) {
      setNotice({ tone: "error", title: "Not saved", message: errorMessage(error) });
      return false;
    }
  }

  // onSave and onPublish are detached by their buttons (React does not await an event handler);
  // the mutations they run show their own failures.
  async function onSave() {
    setNotice(null);
    if (await save())
      setNotice({ tone: "success", title: "Draft saved", message: "Publish it to make it what runs use." });
  }

  async function onPublish() {
    setNotice(null);
    if (changeNote.trim().length > FLOW_CHANGE_NOTE_MAX) {
      setNotice({
        tone: "error",
        title: "Not published",
        message: `The change note must be at most ${FLOW_CHANGE_NOTE_MAX} characters.`,
      });
      return;
    }
    if (dirty && !(await save())) return;
    try {
      const result = await publish.mutateAsync({ id: flow.id, changeNote: changeNote.trim() || null });
      setChangeNote("");
      await invalidate();
      setNotice(
        result.identicalTo !== null
          ? {
              tone: "warning",
              title: `Nothing changed since revision ${result.identicalTo}`,
              message: `Revision ${result.revision} is identical to revision ${result.identicalTo}: new runs do what they did before.`,
            }
          : { tone: "success", title: `Published revision ${result.revision}`, message: "New runs use this revision." },
      );
    } catch (error) {
      const refused = appErrorOf(error)?.code === "VALIDATION";
      setRevalidate((count) => count + 1);
      setNotice({
        tone: "error",
        title: "Not published",
        message: refused
          ? `${errorMessage(error)} Nothing changed; the findings are listed beside the document.`
          : errorMessage(error),
      });
    }
  }

  function switchFormat(next: TDocumentFormat) {
    if (next === format) return;
    if (parsed.ok) setText(formatDocument(parsed.value, next));
    setFormat(next);
  }

  const flagged = new Set(
    (live.findings ?? []).flatMap((finding) =>
      "stepId" in finding && typeof finding.stepId === "string" ? [finding.stepId] : [],
    ),
  );
  const busy = update.isPending || publish.isPending;
  return (
    <div className={styles.history}>
      <div className={styles.workspace}>
        <Card title="Document" description="The flow's input schema and steps. YAML and JSON are the same document.">
          <div className={styles.toolbar}>
            <div className={styles.formatSwitch} role="group" aria-label="Format">
              {(["yaml", "json"] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={format === option}
                  onClick={() => switchFormat(option)}
                >
                  {option.toUpperCase()}
                </button>
              ))}
            </div>
            <span className={styles.status}>{dirty ? "Unsaved changes" : "Saved"}</span>
          </div>
          <FlowDocumentEditor text={text} onText={setText} format={format} parsed={parsed} findings={live.findings} />
          <div className={styles.actions}>
            <Button
              onClick={() => detach(onSave(), "flow editor: save")}
              busy={update.isPending && !publish.isPending}
              disabled={busy || !dirty}
            >
              Save draft
            </Button>
          </div>
        </Card>
        <div className={styles.history}>
          <Card title="Graph" description="How a run moves through the steps.">
            <FlowGraphView graph={lastGood} flaggedSteps={flagged} />
          </Card>
          <Card title="Findings" description="Each finding blocks publishing.">
            <FindingsList findings={live.findings} checking={live.checking} />
          </Card>
        </div>
      </div>
      <FlowBindings flowId={flow.id} belt={live.belt} policies={flow.bindingPolicies} editable />
      <Card
        title="Publish"
        description={
          flow.publishedRevision
            ? `Runs use revision ${flow.publishedRevision} until you publish revision ${flow.publishedRevision + 1}.`
            : "Nothing can run the flow before its first publish."
        }
      >
        <TextAreaField
          label="Change note"
          name="changeNote"
          value={changeNote}
          rows={2}
          max={FLOW_CHANGE_NOTE_MAX}
          hint="What changed, for the revision history."
          onChange={(event) => setChangeNote(event.target.value)}
        />
        <div className={styles.actions}>
          <Button
            variant="primary"
            onClick={() => detach(onPublish(), "flow editor: publish")}
            busy={publish.isPending}
            disabled={busy}
          >
            {dirty
              ? `Save and publish revision ${(flow.publishedRevision ?? 0) + 1}`
              : `Publish revision ${(flow.publishedRevision ?? 0) + 1}`}
          </Button>
        </div>
        {notice ? (
          <Alert tone={notice.tone} title={notice.title}>
            {notice.message}
          </Alert>
        ) : null}
      </Card>
    </div>
  );
}
