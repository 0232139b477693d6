"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TInviteMemberResponse } from "@/contracts/members/invite-member";
import type { TMember, TPendingInvitation } from "@/contracts/members/member";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { InvitationLinkPanel } from "./invitation-link-panel";
import { InvitationsTable } from "./invitations-table";
import { InviteForm } from "./invite-form";
import { MembersTable, type TMemberAction } from "./members-table";
import styles from "./members.module.css";
import { ResetLinkPanel } from "./reset-link-panel";
import { useMemberActions } from "./use-member-actions";

type TConfirming =
  { kind: "disable" | "remove"; member: TMember } | { kind: "revoke"; invitation: TPendingInvitation } | null;

/** Members and pending invitations; Owners and Admins also invite and manage. */
export function MembersView() {
  const trpc = useTRPC();
  const list = useQuery(trpc.members.list.queryOptions());
  const actions = useMemberActions();
  const [invited, setInvited] = useState<TInviteMemberResponse | null>(null);
  const [confirming, setConfirming] = useState<TConfirming>(null);
  const viewer = list.data?.viewer;

  function onAction(action: TMemberAction, member: TMember) {
    if (action === "enable") actions.enable(member);
    else if (action === "reset") actions.sendReset(member);
    else setConfirming({ kind: action, member });
  }

  if (list.isError) {
    return (
      <Alert tone="error" title="The members could not be loaded">
        {errorMessage(list.error)}
      </Alert>
    );
  }
  return (
    <div className={styles.stack}>
      {invited ? <InvitationLinkPanel result={invited} onDone={() => setInvited(null)} /> : null}
      {viewer?.canManage && list.data ? (
        <InviteForm viewer={viewer} domains={list.data.domains} onInvited={setInvited} />
      ) : null}
      {viewer && !viewer.canManage ? (
        <p className={styles.readOnlyNote}>Only Owners and Admins can invite people or change members.</p>
      ) : null}
      {actions.resetSent ? <ResetLinkPanel sent={actions.resetSent} onDone={actions.clearResetSent} /> : null}
      {actions.failure ? <Alert tone="error">{actions.failure}</Alert> : null}
      <MembersTable data={list.data} busyUserId={actions.busyUserId} onRole={actions.changeRole} onAction={onAction} />
      <InvitationsTable
        invitations={list.data?.invitations ?? []}
        canManage={viewer?.canManage ?? false}
        onRevoke={(invitation) => setConfirming({ kind: "revoke", invitation })}
      />
      <Confirmations
        confirming={confirming}
        selfId={viewer?.userId}
        actions={actions}
        onClose={() => setConfirming(null)}
      />
    </div>
  );
}

type TConfirmationsProps = {
  confirming: TConfirming;
  selfId: string | undefined;
  actions: ReturnType<typeof useMemberActions>;
  onClose: () => void;
};

/** The confirm step before disabling, removing and revoking: each takes access away at once. */
function Confirmations({ confirming, selfId, actions, onClose }: TConfirmationsProps) {
  const { disable, remove, revoke } = actions;
  const { reset: resetDisable } = disable;
  const { reset: resetRemove } = remove;
  const { reset: resetRevoke } = revoke;
  // A refusal shown for one row must not linger when the dialog opens for another.
  useEffect(() => {
    if (!confirming) return;
    resetDisable();
    resetRemove();
    resetRevoke();
  }, [confirming, resetDisable, resetRemove, resetRevoke]);

  const done = { onSuccess: onClose };
  const member = confirming && confirming.kind !== "revoke" ? confirming.member : null;
  const leaving = member?.userId === selfId;
  return (
    <>
      <ConfirmDialog
        open={confirming?.kind === "disable"}
        title={`Disable ${member?.name ?? ""}?`}
        confirmLabel="Disable member"
        busy={disable.isPending}
        error={disable.isError ? errorMessage(disable.error) : null}
        onConfirm={() => member && disable.mutate({ userId: member.userId }, done)}
        onClose={onClose}
      >
        They are signed out of this organization at once, and their API keys and tokens stop working here. Nothing is
        deleted: enable them to give everything back.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming?.kind === "remove"}
        title={leaving ? "Leave this organization?" : `Remove ${member?.name ?? ""}?`}
        confirmLabel={leaving ? "Leave organization" : "Remove member"}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() =>
          member &&
          remove.mutate(
            { userId: member.userId },
            { onSuccess: () => (leaving ? window.location.assign("/") : onClose()) },
          )
        }
        onClose={onClose}
      >
        {leaving
          ? "You lose access at once, and your API keys of this organization are revoked. Only an invitation brings you back."
          : "Their memberships of this organization and its domains are deleted and their API keys here are revoked. What they made stays. To bring them back, invite them again."}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming?.kind === "revoke"}
        title={`Revoke the invitation of ${confirming?.kind === "revoke" ? confirming.invitation.email : ""}?`}
        confirmLabel="Revoke invitation"
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={() => confirming?.kind === "revoke" && revoke.mutate({ id: confirming.invitation.id }, done)}
        onClose={onClose}
      >
        Its link stops working at once. You can invite the same address again afterwards.
      </ConfirmDialog>
    </>
  );
}
