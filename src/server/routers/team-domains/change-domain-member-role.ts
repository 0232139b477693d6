import {
  ZChangeDomainMemberRoleRequest,
  ZChangeDomainMemberRoleResponse,
} from "@/contracts/team-domains/change-domain-member-role";
import { changeDomainMemberRole as changeDomainMemberRoleService } from "@/server/services/team-domains/change-domain-member-role";
import { consoleProcedure } from "@/server/trpc/procedures";

export const changeDomainMemberRole = consoleProcedure
  .input(ZChangeDomainMemberRoleRequest)
  .output(ZChangeDomainMemberRoleResponse)
  .mutation(({ ctx, input }) => changeDomainMemberRoleService(ctx.actor, input));
