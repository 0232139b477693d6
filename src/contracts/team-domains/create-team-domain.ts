import { z } from "zod";
import { ZDomainName, ZTeamDomain } from "./team-domain";

export const ZCreateTeamDomainRequest = z.strictObject({ name: ZDomainName });
export type TCreateTeamDomainRequest = z.infer<typeof ZCreateTeamDomainRequest>;

export const ZCreateTeamDomainResponse = z.object({ domain: ZTeamDomain });
