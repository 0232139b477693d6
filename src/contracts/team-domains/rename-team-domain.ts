import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZDomainName, ZTeamDomain } from "./team-domain";

export const ZRenameTeamDomainRequest = z.strictObject({ domainId: ZUuid, name: ZDomainName });
export type TRenameTeamDomainRequest = z.infer<typeof ZRenameTeamDomainRequest>;

/** The slug stays: it is fixed at creation, so what finds a domain by slug keeps finding it. */
export const ZRenameTeamDomainResponse = z.object({ domain: ZTeamDomain });
