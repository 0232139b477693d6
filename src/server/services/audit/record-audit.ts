import type { TAuditKind } from "@/contracts/audit/audit-kind";
import type { TActor } from "@/server/auth/actor";
import type { TTransaction } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";

/** The audit log's kinds (src/contracts/audit/audit-kind.ts lists them by area, with their labels). */
export type { TAuditKind };

/** An instance operator acting from /admin: a person, usually not a member of the organization. */
export type TOperatorActor = { kind: "operator"; userId: string; name: string; email: string };

export type TAuditEntry = {
  orgId: string;
  /** Who acted: a person (their name and email are kept in the entry), a partner, or the service. */
  actor: TActor | TOperatorActor | { kind: "service"; label: string };
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
      return {
        actorUserId: actor.userId,
        actorLabel: `${actor.name} <${actor.email}>${actor.via === "partner" ? " via a partner platform" : ""}`,
      };
    case "partner":
      return { actorUserId: null, actorLabel: `Partner platform ${actor.platformId}` };
    case "lease":
      return { actorUserId: null, actorLabel: `Partner app ${actor.appId}` };
    case "operator":
      return { actorUserId: actor.userId, actorLabel: `${actor.name} <${actor.email}> (service operator)` };
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
