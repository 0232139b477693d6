import { ZAddDomainMemberRequest, ZAddDomainMemberResponse } from "@/contracts/team-domains/add-domain-member";
import { addDomainMember as addDomainMemberService } from "@/server/services/team-domains/add-domain-member";
import { consoleProcedure } from "@/server/trpc/procedures";

export const addDomainMember = consoleProcedure
  .input(ZAddDomainMemberRequest)
  .output(ZAddDomainMemberResponse)
  .mutation(({ ctx, input }) => addDomainMemberService(ctx.actor, input));
