import { z } from "zod";
import { ZDomainIdRequest, ZTeamDomain } from "./team-domain";

export const ZArchiveTeamDomainRequest = ZDomainIdRequest;

export const ZArchiveTeamDomainResponse = z.object({
  domain: ZTeamDomain,
  /** The triggers that were active and were deactivated with the archive (restoring leaves them off). */
  deactivatedTriggers: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

export type TArchiveTeamDomainResponse = z.infer<typeof ZArchiveTeamDomainResponse>;
