import { z } from "zod";
import { ZDomainIdRequest, ZTeamDomain } from "./team-domain";

export const ZRestoreTeamDomainRequest = ZDomainIdRequest;

export const ZRestoreTeamDomainResponse = z.object({ domain: ZTeamDomain });
