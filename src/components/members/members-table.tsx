import type { TListMembersResponse } from "@/contracts/members/list-members";
import type { TMember } from "@/contracts/members/member";
import { DOMAIN_ROLE_LABEL, DOMAIN_ROLE_TONE, ORG_ROLE_LABEL, type TOrgRole } from "@/components/roles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { assignableRoles, mayChange, type TViewer } from "./member-labels";
import styles from "./members.module.css";

export type TMemberAction = "disable" | "enable" | "remove" | "reset";

type TProps = {
  data: TListMembersResponse | undefined;
  busyUserId: string | null;
  onRole: (member: TMember, role: TOrgRole) => void;
  onAction: (action: TMemberAction, member: TMember) => void;
};

/** Every member; controls appear only where the viewer may use them. `data` is undefined while loading. */
export function MembersTable({ data, busyUserId, onRole, onAction }: TProps) {
  const manage = data?.viewer.canManage ?? false;
  return (
    <Card title="Members" description="Everyone who can sign in to this organization." flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label="Members" aria-busy={!data || undefined}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Domains</th>
              <th scope="col">Status</th>
              <th scope="col">Last active</th>
              {manage ? (
                <th scope="col" className={table.actions}>
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {data ? (
              data.members.map((member) => (
                <MemberRow
                  key={member.userId}
                  member={member}
                  viewer={data.viewer}
                  busy={busyUserId === member.userId}
                  onRole={onRole}
                  onAction={onAction}
                />
              ))
            ) : (
              <TableSkeleton columns={6} />
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

type TRowProps = Omit<TProps, "data" | "busyUserId"> & { member: TMember; viewer: TViewer; busy: boolean };

function MemberRow({ member, viewer, busy, onRole, onAction }: TRowProps) {
  const self = member.userId === viewer.userId;
  const changeable = mayChange(viewer, member);
  return (
    <tr>
      <td className={table.primaryText}>
        <span className={styles.nameCell}>
          {member.name}
          {self ? <Badge tone="muted">You</Badge> : null}
        </span>
      </td>
      <td>{member.email}</td>
      <td>
        {changeable ? (
          <select
            className={styles.roleSelect}
            aria-label={`Role of ${member.name}`}
            value={member.orgRole}
            disabled={busy}
            onChange={(change) => onRole(member, change.target.value as TOrgRole)}
          >
            {(assignableRoles(viewer).includes(member.orgRole)
              ? assignableRoles(viewer)
              : [member.orgRole, ...assignableRoles(viewer)]
            ).map((role) => (
              <option key={role} value={role}>
                {ORG_ROLE_LABEL[role]}
              </option>
            ))}
          </select>
        ) : (
          <Badge tone={member.orgRole === "MEMBER" ? "neutral" : "brand"}>{ORG_ROLE_LABEL[member.orgRole]}</Badge>
        )}
      </td>
      <td>
        {member.domains.length ? (
          <span className={styles.chips}>
            {member.domains.map((domain) => (
              <Badge key={domain.domainId} tone={DOMAIN_ROLE_TONE[domain.role]}>
                {domain.domainName} · {DOMAIN_ROLE_LABEL[domain.role]}
              </Badge>
            ))}
          </span>
        ) : (
          <span className={table.muted}>None</span>
        )}
      </td>
      <td>
        {member.status === "active" ? (
          <Badge tone="success" dot>
            Active
          </Badge>
        ) : (
          <Badge tone="danger">Disabled</Badge>
        )}
      </td>
      <td className={member.lastActiveAt ? undefined : table.muted}>
        <DateTime value={member.lastActiveAt} fallback="Never" />
      </td>
      {viewer.canManage ? (
        <td className={table.actions}>
          {changeable ? (
            <span className={styles.rowActions}>
              {self ? null : (
                <>
                  <Button size="small" variant="ghost" disabled={busy} onClick={() => onAction("reset", member)}>
                    Send password reset link
                  </Button>
                  {member.status === "active" ? (
                    <Button size="small" disabled={busy} onClick={() => onAction("disable", member)}>
                      Disable
                    </Button>
                  ) : (
                    <Button size="small" disabled={busy} onClick={() => onAction("enable", member)}>
                      Enable
                    </Button>
                  )}
                </>
              )}
              <Button size="small" variant="dangerOutline" disabled={busy} onClick={() => onAction("remove", member)}>
                {self ? "Leave" : "Remove"}
              </Button>
            </span>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
