"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TDomainMember } from "@/contracts/team-domains/team-domain";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";
import table from "@/components/ui/table.module.css";
import { RoleCell } from "./role-cell";
import { roleLabel } from "./roles";
import { useRefreshDomains } from "./use-refresh-domains";

/** The domain's members; with controls only for those who may manage an active domain. */
export function MembersTable({
  domainId,
  domainName,
  members,
  editable,
}: {
  domainId: string;
  domainName: string;
  members: TDomainMember[];
  editable: boolean;
}) {
  const [removing, setRemoving] = useState<TDomainMember | null>(null);
  return (
    <Card
      title="Members"
      description="What each person may do in this domain. Organization Owners and Admins manage domains but hold no role in them unless given one."
      flush
    >
      {members.length === 0 ? (
        <EmptyState icon={<UsersIcon />} title="No members">
          Nobody has a role in this domain.
        </EmptyState>
      ) : (
        <div className={table.wrap}>
          <table className={table.table} aria-label="Members">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                {editable ? (
                  <th scope="col" className={table.actions}>
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.userId}>
                  <td>
                    <div className={table.primaryText}>{member.name}</div>
                    <div className={table.secondaryText}>{member.email}</div>
                  </td>
                  <td>{editable ? <RoleCell domainId={domainId} member={member} /> : roleLabel(member.role)}</td>
                  <td>
                    {member.disabled ? (
                      <Badge tone="muted">Disabled</Badge>
                    ) : (
                      <Badge tone="success" dot>
                        Active
                      </Badge>
                    )}
                  </td>
                  {editable ? (
                    <td className={table.actions}>
                      <Button
                        variant="dangerOutline"
                        size="small"
                        onClick={() => setRemoving(member)}
                        aria-label={`Remove ${member.name} from ${domainName}`}
                      >
                        Remove
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RemoveDialog domainId={domainId} domainName={domainName} member={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function RemoveDialog({
  domainId,
  domainName,
  member,
  onClose,
}: {
  domainId: string;
  domainName: string;
  member: TDomainMember | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshDomains();
  const remove = useMutation(
    trpc.teamDomains.removeMember.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onClose();
      },
    }),
  );
  const { reset } = remove;
  useEffect(() => {
    if (member) reset();
  }, [member, reset]);
  return (
    <ConfirmDialog
      open={member !== null}
      title={`Remove ${member?.name ?? ""} from “${domainName}”?`}
      confirmLabel="Remove member"
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onConfirm={() => member && remove.mutate({ domainId, userId: member.userId })}
      onClose={onClose}
    >
      They lose their {member ? roleLabel(member.role) : ""} role here at once. What they created in the domain stays.
    </ConfirmDialog>
  );
}
