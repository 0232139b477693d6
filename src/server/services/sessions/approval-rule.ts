import type { TUserActor } from "@/server/auth/actor";
import type { DomainRole } from "@/server/db/generated/enums";
import type { TSessionAccess } from "./session-access";

/**
 * The approval rule (spec 4.2): a user-routed call (it runs on someone's caller credential)
 * is decided only by that person; any other by a member whose current domain role is in the
 * domain's approval policy. Organization roles grant nothing here.
 */
export function mayDecideApproval(
  actor: TUserActor,
  access: TSessionAccess,
  approval: { routedToUserId: string | null },
  approverRoles: readonly DomainRole[],
): boolean {
  if (approval.routedToUserId) return approval.routedToUserId === actor.userId;
  return access.role !== null && approverRoles.includes(access.role);
}
