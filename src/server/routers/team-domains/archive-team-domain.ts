import { ZArchiveTeamDomainRequest, ZArchiveTeamDomainResponse } from "@/contracts/team-domains/archive-team-domain";
import { archiveTeamDomain as archiveTeamDomainService } from "@/server/services/team-domains/archive-team-domain";
import { consoleProcedure } from "@/server/trpc/procedures";

export const archiveTeamDomain = consoleProcedure
  .input(ZArchiveTeamDomainRequest)
  .output(ZArchiveTeamDomainResponse)
  .mutation(({ ctx, input }) => archiveTeamDomainService(ctx.actor, input));
