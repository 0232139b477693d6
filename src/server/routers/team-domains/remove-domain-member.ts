import { ZRemoveDomainMemberRequest, ZRemoveDomainMemberResponse } from "@/contracts/team-domains/remove-domain-member";
import { removeDomainMember as removeDomainMemberService } from "@/server/services/team-domains/remove-domain-member";
import { consoleProcedure } from "@/server/trpc/procedures";

export const removeDomainMember = consoleProcedure
  .input(ZRemoveDomainMemberRequest)
  .output(ZRemoveDomainMemberResponse)
  .mutation(({ ctx, input }) => removeDomainMemberService(ctx.actor, input));
