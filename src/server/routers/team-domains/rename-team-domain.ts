import { ZRenameTeamDomainRequest, ZRenameTeamDomainResponse } from "@/contracts/team-domains/rename-team-domain";
import { renameTeamDomain as renameTeamDomainService } from "@/server/services/team-domains/rename-team-domain";
import { consoleProcedure } from "@/server/trpc/procedures";

export const renameTeamDomain = consoleProcedure
  .input(ZRenameTeamDomainRequest)
  .output(ZRenameTeamDomainResponse)
  .mutation(({ ctx, input }) => renameTeamDomainService(ctx.actor, input));
