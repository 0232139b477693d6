import { z } from "zod";
import { ZTeamDomain } from "./team-domain";

/**
 * The domains the caller may see on /settings/domains: every domain (archived ones too) for
 * organization Owners and Admins; otherwise the domains they belong to, and the archived ones
 * they own (so they can restore them).
 */
export const ZListTeamDomainsResponse = z.object({
  domains: z.array(ZTeamDomain),
  /** Creating domains is organization administration (Owner or Admin). */
  canCreate: z.boolean(),
});

export type TListTeamDomainsResponse = z.infer<typeof ZListTeamDomainsResponse>;
