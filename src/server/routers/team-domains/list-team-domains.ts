import { ZListTeamDomainsResponse } from "@/contracts/team-domains/list-team-domains";
import { listTeamDomains as listTeamDomainsService } from "@/server/services/team-domains/list-team-domains";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listTeamDomains = consoleProcedure
  .output(ZListTeamDomainsResponse)
  .query(({ ctx }) => listTeamDomainsService(ctx.actor));
