import { ZRestoreTeamDomainRequest, ZRestoreTeamDomainResponse } from "@/contracts/team-domains/restore-team-domain";
import { restoreTeamDomain as restoreTeamDomainService } from "@/server/services/team-domains/restore-team-domain";
import { consoleProcedure } from "@/server/trpc/procedures";

export const restoreTeamDomain = consoleProcedure
  .input(ZRestoreTeamDomainRequest)
  .output(ZRestoreTeamDomainResponse)
  .mutation(({ ctx, input }) => restoreTeamDomainService(ctx.actor, input));
