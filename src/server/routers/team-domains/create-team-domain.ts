import { ZCreateTeamDomainRequest, ZCreateTeamDomainResponse } from "@/contracts/team-domains/create-team-domain";
import { createTeamDomain as createTeamDomainService } from "@/server/services/team-domains/create-team-domain";
import { consoleProcedure } from "@/server/trpc/procedures";

export const createTeamDomain = consoleProcedure
  .input(ZCreateTeamDomainRequest)
  .output(ZCreateTeamDomainResponse)
  .mutation(({ ctx, input }) => createTeamDomainService(ctx.actor, input));
