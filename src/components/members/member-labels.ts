import type { TMember } from "@/contracts/members/member";
import type { TListMembersResponse } from "@/contracts/members/list-members";
import type { TOrgRole } from "@/components/roles";

export const ORG_ROLES: readonly TOrgRole[] = ["OWNER", "ADMIN", "MEMBER"];

export type TViewer = TListMembersResponse["viewer"];

/**
 * Whether the viewer may change this member at all: the page mirrors the service's rules so it
 * offers only what will be accepted (the service decides in the end).
 */
export function mayChange(viewer: TViewer, member: TMember): boolean {
  return viewer.canManage && (member.orgRole !== "OWNER" || viewer.orgRole === "OWNER");
}

/** The roles the viewer may give: only an Owner makes an Owner. */
export function assignableRoles(viewer: TViewer): readonly TOrgRole[] {
  return viewer.orgRole === "OWNER" ? ORG_ROLES : ORG_ROLES.filter((role) => role !== "OWNER");
}
