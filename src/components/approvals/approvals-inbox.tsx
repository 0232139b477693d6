"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TInboxApproval } from "@/contracts/approvals-inbox/list-approvals";
import authoring from "@/components/authoring/authoring.module.css";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { APPROVALS_POLL_MS } from "./approvals-badge";

const REASON: Record<TInboxApproval["reason"], string> = {
  your_credential: "The call runs on your own credential: only you can decide it.",
  approver_role: "Your role in this domain is one of its approvers.",
};

function ApprovalRow({ approval }: { approval: TInboxApproval }) {
  const sessionPath =
    approval.sessionKind === "personal" ? `/chat/${approval.sessionId}` : `/sessions/${approval.sessionId}`;
  return (
    <tr data-approval-id={approval.id} data-session-id={approval.sessionId}>
      <td>
        <Link href={sessionPath} className={authoring.rowLink}>
          {approval.sessionTitle}
        </Link>
        <div className={table.secondaryText}>
          {approval.sessionKind === "personal" ? "Your chat" : approval.domain.name}
        </div>
      </td>
      <td>
        {approval.automation.name} <Badge tone="muted">{approval.automation.kind === "flow" ? "Flow" : "Agent"}</Badge>
      </td>
      <td>
        <code>{approval.toolName}</code>
        <div className={table.secondaryText}>{REASON[approval.reason]}</div>
      </td>
      <td>
        <DateTime value={approval.requestedAt} />
      </td>
      <td>
        <Link href={sessionPath}>Open to decide</Link>
      </td>
    </tr>
  );
}

/**
 * The approvals waiting for me across my domains, oldest first (they expire first). Each row
 * opens the session, where the decision is taken with the call's arguments in view.
 */
export function ApprovalsInbox() {
  const trpc = useTRPC();
  const inbox = useQuery({
    ...trpc.approvalsInbox.list.queryOptions({}),
    refetchInterval: APPROVALS_POLL_MS,
  });
  if (inbox.isError)
    return (
      <Alert tone="error" title="Approvals could not be loaded">
        {errorMessage(inbox.error)}
      </Alert>
    );
  const approvals = inbox.data?.approvals;
  if (approvals && approvals.length === 0)
    return (
      <Card>
        <EmptyState title="Nothing waits for you">
          An approval appears here when an agent of a domain where your role approves (or a call on your own credential)
          pauses before a gated tool.
        </EmptyState>
      </Card>
    );
  return (
    <Card flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label="Approvals waiting for you" aria-busy={!approvals || undefined}>
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Automation</th>
              <th scope="col">Tool</th>
              <th scope="col">Requested</th>
              <th scope="col">
                <span className="sr-only">Decide</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {approvals ? (
              approvals.map((approval) => <ApprovalRow key={approval.id} approval={approval} />)
            ) : (
              <TableSkeleton columns={5} />
            )}
          </tbody>
        </table>
      </div>
      {inbox.data && inbox.data.total > inbox.data.approvals.length ? (
        <p className={table.secondaryText} style={{ padding: "12px 16px" }}>
          The {inbox.data.approvals.length} oldest of {inbox.data.total} are shown: decide these first.
        </p>
      ) : null}
    </Card>
  );
}
