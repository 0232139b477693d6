import { z } from "zod";

export const ZOrgRole = z.enum(["OWNER", "ADMIN", "MEMBER"]);
export const ZDomainRole = z.enum(["OWNER", "EDITOR", "OPERATOR", "VIEWER"]);

export const ZGetMeResponse = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    /** Instance operators see the /admin area (partner platforms). */
    isInstanceOperator: z.boolean(),
  }),
  /** hasPartner: the organization is a partner platform's customer (Settings > Partner). */
  organizations: z.array(
    z.object({ id: z.uuid(), name: z.string(), slug: z.string(), role: ZOrgRole, hasPartner: z.boolean() }),
  ),
  selectedOrganizationId: z.uuid().nullable(),
});

export type TGetMeResponse = z.infer<typeof ZGetMeResponse>;
