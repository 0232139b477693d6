"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TSessionDetails } from "./types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import styles from "./sessions.module.css";

type TPending = NonNullable<TSessionDetails["pendingApproval"]>;

/** The pending tool approval: what the agent wants to do, and approve / reject with a comment. */
export function ApprovalPanel({ sessionId, pending }: { sessionId: string; pending: TPending }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState("");
  const decide = useMutation(
    trpc.sessionConsole.decideApproval.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.sessionConsole.get.queryKey({ sessionId }) }),
    }),
  );
  const send = (decision: "approved" | "rejected") =>
    decide.mutate({
      sessionId,
      decision,
      approvalId: pending.id,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });
  return (
    <Card
      title="Approval needed"
      description={`The agent wants to call ${pending.toolName}. It waits until someone allowed to approve decides.`}
    >
      <div className={styles.approval} role="region" aria-label="Pending approval">
        <pre className={styles.json}>{JSON.stringify(pending.args, null, 2)}</pre>
        {pending.canDecide ? (
          <>
            <label className={styles.meta} htmlFor="approval-comment">
              Comment (optional, shown in the session)
            </label>
            <textarea
              id="approval-comment"
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
            <div className={styles.row}>
              <Button
                variant="primary"
                busy={decide.isPending && decide.variables?.decision === "approved"}
                disabled={decide.isPending}
                onClick={() => send("approved")}
              >
                Approve
              </Button>
              <Button
                variant="danger"
                busy={decide.isPending && decide.variables?.decision === "rejected"}
                disabled={decide.isPending}
                onClick={() => send("rejected")}
              >
                Reject
              </Button>
            </div>
          </>
        ) : (
          <p className={styles.status}>
            {pending.userRouted
              ? "This call runs on someone's own credential: only that person can decide."
              : "Your role in this domain cannot decide approvals."}
          </p>
        )}
        {decide.isError ? <Alert tone="error">{errorMessage(decide.error)}</Alert> : null}
      </div>
    </Card>
  );
}
