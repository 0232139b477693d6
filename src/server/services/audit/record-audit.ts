import type { TActor } from "@/server/auth/actor";
import type { TTransaction } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";

/** The audit log's kinds, one per thing a person can do that an Owner may later ask about. */
export type TAuditKind =
  | "member.invited"
  | "member.invitation_revoked"
  | "member.joined"
  | "member.role_changed"
  | "member.disabled"
  | "member.enabled"
  | "member.removed"
  | "member.password_reset_sent"
  | "member.password_changed"
  | "domain.created"
  | "domain.renamed"
  | "domain.archived"
  | "domain.restored"
  | "domain.member_added"
  | "domain.member_role_changed"
  | "domain.member_removed"
  | "api_key.created"
  | "api_key.revoked"
  | "connection.created"
  | "connection.deleted"
  | "agent.published"
  | "agent.restored"
  | "flow.published"
  | "flow.restored"
  | "trigger.created"
  | "trigger.activated"
  | "trigger.deactivated"
  | "trigger.subscribed"
  | "trigger.unsubscribed"
  | "settings.changed"
  | "rollout.changed";

export type TAuditEntry = {
  orgId: string;
  /** Who acted: a person (their name and email are kept in the entry), a partner, or the service. */
  actor: TActor | { kind: "service"; label: string };
  kind: TAuditKind;
  subject: { type: string; id?: string | null };
  /** One sentence a person reads in the log: "Invited ada@example.com as Admin". */
  summary: string;
  /** Kind-specific facts; never a secret. */
  data?: Prisma.InputJsonObject;
};

function actorColumns(actor: TAuditEntry["actor"]): { actorUserId: string | null; actorLabel: string } {
  switch (actor.kind) {
    case "user":
      return { actorUserId: actor.userId, actorLabel: `${actor.name} <${actor.email}>` };
    case "partner":
      return { actorUserId: null, actorLabel: `Partner platform ${actor.platformId}` };
    case "lease":
      return { actorUserId: null, actorLabel: `Partner app ${actor.appId}` };
    case "service":
      return { actorUserId: null, actorLabel: actor.label };
  }
}

/**
 * Appends one entry to the organization's audit log. Call it inside the transaction of the change
 * it records, so the log holds exactly the changes that happened.
 */
export async function recordAudit(tx: TTransaction, entry: TAuditEntry): Promise<void> {
  await tx.auditEntry.create({
    data: {
      organizationId: entry.orgId,
      ...actorColumns(entry.actor),
      kind: entry.kind,
      subjectType: entry.subject.type,
      subjectId: entry.subject.id ?? null,
      summary: entry.summary,
      data: entry.data ?? {},
    },
  });
}
