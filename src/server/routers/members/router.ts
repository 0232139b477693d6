import { router } from "@/server/trpc/init";
import { acceptInvitation } from "./accept-invitation";
import { changeMemberRole } from "./change-member-role";
import { disableMember } from "./disable-member";
import { enableMember } from "./enable-member";
import { inviteMember } from "./invite-member";
import { joinInvitation } from "./join-invitation";
import { listMembers } from "./list-members";
import { readInvitation } from "./read-invitation";
import { removeMember } from "./remove-member";
import { revokeInvitation } from "./revoke-invitation";

/** The organization's people: members, invitations, roles (console). */
export const membersRouter = router({
  list: listMembers,
  invite: inviteMember,
  revokeInvitation,
  changeRole: changeMemberRole,
  disable: disableMember,
  enable: enableMember,
  remove: removeMember,
  readInvitation,
  acceptInvitation,
  joinInvitation,
});
