import { ZListDomainMembersRequest, ZListDomainMembersResponse } from "@/contracts/team-domains/list-domain-members";
import { listDomainMembers as listDomainMembersService } from "@/server/services/team-domains/list-domain-members";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listDomainMembers = consoleProcedure
  .input(ZListDomainMembersRequest)
  .output(ZListDomainMembersResponse)
  .query(({ ctx, input }) => listDomainMembersService(ctx.actor, input));
