import type { TPendingInvitation } from "@/contracts/members/member";
import { DOMAIN_ROLE_LABEL, DOMAIN_ROLE_TONE, ORG_ROLE_LABEL } from "@/components/roles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import table from "@/components/ui/table.module.css";
import styles from "./members.module.css";

type TProps = {
  invitations: TPendingInvitation[];
  canManage: boolean;
  onRevoke: (invitation: TPendingInvitation) => void;
};

/** Invitations not yet accepted, revoked or expired. Nothing is shown while there are none. */
export function InvitationsTable({ invitations, canManage, onRevoke }: TProps) {
  if (invitations.length === 0) return null;
  return (
    <Card
      title="Pending invitations"
      description="Each link works once. Revoke an invitation to stop its link, or to send a new one."
      flush
    >
      <div className={table.wrap}>
        <table className={table.table} aria-label="Pending invitations">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Domains</th>
              <th scope="col">Invited by</th>
              <th scope="col">Expires</th>
              {canManage ? (
                <th scope="col" className={table.actions}>
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation.id}>
                <td className={table.primaryText}>
                  <span className={styles.nameCell}>
                    {invitation.email}
                    <Badge tone="muted">Invited</Badge>
                  </span>
                </td>
                <td>{ORG_ROLE_LABEL[invitation.orgRole]}</td>
                <td>
                  {invitation.domains.length ? (
                    <span className={styles.chips}>
                      {invitation.domains.map((domain) => (
                        <Badge key={domain.domainId} tone={DOMAIN_ROLE_TONE[domain.role]}>
                          {domain.domainName} · {DOMAIN_ROLE_LABEL[domain.role]}
                        </Badge>
                      ))}
                    </span>
                  ) : (
                    <span className={table.muted}>None</span>
                  )}
                </td>
                <td className={invitation.invitedBy ? undefined : table.muted}>
                  {invitation.invitedBy?.name ?? "Someone no longer here"}
                </td>
                <td>
                  <DateTime value={invitation.expiresAt} />
                </td>
                {canManage ? (
                  <td className={table.actions}>
                    <Button
                      size="small"
                      variant="dangerOutline"
                      aria-label={`Revoke the invitation of ${invitation.email}`}
                      onClick={() => onRevoke(invitation)}
                    >
                      Revoke
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
