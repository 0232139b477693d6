import { ZListMembersResponse } from "@/contracts/members/list-members";
import { listMembers as listMembersService } from "@/server/services/members/list-members";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listMembers = consoleProcedure
  .output(ZListMembersResponse)
  .query(({ ctx }) => listMembersService(ctx.actor));
