import { ZChangeMemberRoleRequest, ZChangeMemberRoleResponse } from "@/contracts/members/change-member-role";
import { changeMemberRole as changeMemberRoleService } from "@/server/services/members/change-member-role";
import { consoleProcedure } from "@/server/trpc/procedures";

export const changeMemberRole = consoleProcedure
  .input(ZChangeMemberRoleRequest)
  .output(ZChangeMemberRoleResponse)
  .mutation(({ ctx, input }) => changeMemberRoleService(ctx.actor, input));
