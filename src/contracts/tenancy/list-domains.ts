import { z } from "zod";
import { ZDomainRole } from "./get-me";

export const ZListDomainsResponse = z.object({
  domains: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      slug: z.string(),
      /** The caller's role in the domain; null when they are not a member of it. */
      myRole: ZDomainRole.nullable(),
      memberCount: z.number().int(),
    }),
  ),
});

export type TListDomainsResponse = z.infer<typeof ZListDomainsResponse>;
