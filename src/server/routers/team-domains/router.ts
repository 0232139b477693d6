import { router } from "@/server/trpc/init";
import { addDomainMember } from "./add-domain-member";
import { archiveTeamDomain } from "./archive-team-domain";
import { changeDomainMemberRole } from "./change-domain-member-role";
import { createTeamDomain } from "./create-team-domain";
import { listDomainMembers } from "./list-domain-members";
import { listTeamDomains } from "./list-team-domains";
import { removeDomainMember } from "./remove-domain-member";
import { renameTeamDomain } from "./rename-team-domain";
import { restoreTeamDomain } from "./restore-team-domain";

/** Domains managed from /settings/domains: create, rename, archive, their members and roles (console). */
export const teamDomainsRouter = router({
  list: listTeamDomains,
  create: createTeamDomain,
  rename: renameTeamDomain,
  archive: archiveTeamDomain,
  restore: restoreTeamDomain,
  listMembers: listDomainMembers,
  addMember: addDomainMember,
  changeMemberRole: changeDomainMemberRole,
  removeMember: removeDomainMember,
});
