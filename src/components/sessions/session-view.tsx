"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { detach } from "@/client/detach";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TSessionDetails } from "./types";
import { Alert } from "@/components/ui/alert";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ApprovalPanel } from "./approval-panel";
import { Composer } from "./composer";
import { FlowRunSteps } from "./flow-run-steps";
import { ShareWithSupport } from "@/components/partner/share-with-support";
import { SessionManage } from "./session-manage";
import { SessionRunFacts } from "./session-run-facts";
import styles from "./sessions.module.css";
import { Transcript } from "./transcript";
import { useSessionStream } from "./use-session-stream";
import { WaitingNote } from "./waiting-note";

export const STATE_TONE: Record<TSessionDetails["state"], TBadgeTone> = {
  idle: "neutral",
  running: "brand",
  suspended: "brand",
  failed: "danger",
};
export const STATE_LABEL: Record<TSessionDetails["state"], string> = {
  idle: "Idle",
  running: "Running",
  suspended: "Waiting for approval",
  failed: "Failed",
};

const READ_ONLY: Record<string, string> = {
  archived: "This session is archived and read-only.",
  not_permitted:
    "You can read this session but not send messages: only its owner and the domain's Operators, Editors and Owners can.",
};

const STREAM_LABEL = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  ended: "Disconnected: reload to see new activity",
};

/** A session, live: transcript with tool calls, pending approval, composer and management. */
export function SessionView({ sessionId, afterDelete }: { sessionId: string; afterDelete: string }) {
  const trpc = useTRPC();
  const details = useQuery(trpc.sessionConsole.get.queryOptions({ sessionId }));
  const stream = useSessionStream(sessionId);
  const flowRun = useQuery(trpc.flows.getRun.queryOptions({ sessionId }));
  const facts = useQuery(trpc.sessionConsole.runFacts.queryOptions({ sessionId }));
  const isFlowRun = Boolean(flowRun.data?.flowRun);
  // Timings exist once turns and tool calls finish: read them again whenever one moves on.
  const progress = details.data?.turns
    .map((turn) => `${turn.executionId}:${turn.status}:${turn.toolCalls.map((call) => call.status).join(",")}`)
    .join("|");
  const refetchFacts = facts.refetch;
  useEffect(() => {
    if (progress !== undefined) detach(refetchFacts(), "session view: run facts");
  }, [progress, refetchFacts]);
  if (details.isError) {
    return (
      <Alert tone="error" title="The session could not be loaded">
        {errorMessage(details.error)}
      </Alert>
    );
  }
  const session = details.data;
  if (!session) return <p className={styles.status}>Loading…</p>;
  return (
    <div className={styles.layout}>
      <div className={styles.row}>
        <Badge tone={STATE_TONE[session.state]} dot>
          <span data-testid="session-state">{STATE_LABEL[session.state]}</span>
        </Badge>
        <Badge tone="muted">{session.kind === "personal" ? "Personal chat" : "Domain session"}</Badge>
        {session.testRun ? <Badge tone="brand">Test run of the draft</Badge> : null}
        {session.archived ? <Badge tone="muted">Archived</Badge> : null}
        {session.outcome ? <Badge tone="success">Outcome: {session.outcome}</Badge> : null}
        <span className={styles.status} aria-live="polite">
          {STREAM_LABEL[stream.status]}
        </span>
      </div>
      {facts.data ? <SessionRunFacts facts={facts.data} /> : null}
      <FlowRunSteps sessionId={sessionId} />
      {session.pendingApproval ? <ApprovalPanel sessionId={sessionId} pending={session.pendingApproval} /> : null}
      <Card flush>
        {/* A flow run's input, steps, output and error are the flow run card's: the chat transcript would repeat them as bubbles. */}
        {isFlowRun ? null : <Transcript details={session} liveText={stream.liveText} facts={facts.data} />}
        {isFlowRun ? (
          <p className={styles.note}>
            This session records a flow run: flows take their input when they start and accept no messages.
          </p>
        ) : session.canParticipate ? (
          <>
            {session.pendingApproval ? <WaitingNote sessionId={sessionId} pending={session.pendingApproval} /> : null}
            <Composer
              sessionId={sessionId}
              busy={session.state === "running" || session.state === "suspended"}
              waitingForApproval={session.state === "suspended"}
            />
          </>
        ) : (
          <p className={styles.note}>
            {READ_ONLY[session.readOnlyReason ?? ""] ?? "You cannot send messages to this session."}
          </p>
        )}
      </Card>
      {session.canManage ? (
        <SessionManage key={`${session.title}|${session.outcome}`} details={session} afterDelete={afterDelete} />
      ) : null}
      <ShareWithSupport sessionId={sessionId} />
    </div>
  );
}
