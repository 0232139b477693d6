import { z } from "zod";
import { ZDomainIdRequest, ZDomainMember, ZTeamDomain } from "./team-domain";

export const ZListDomainMembersRequest = ZDomainIdRequest;

export const ZListDomainMembersResponse = z.object({
  domain: ZTeamDomain,
  /** By name. */
  members: z.array(ZDomainMember),
  /**
   * Active members of the organization who are not in the domain yet, by name: whom the caller
   * may add. Empty unless the caller may manage the domain and it is not archived.
   */
  candidates: z.array(z.object({ userId: z.uuid(), name: z.string(), email: z.string() })),
});

export type TListDomainMembersResponse = z.infer<typeof ZListDomainMembersResponse>;
