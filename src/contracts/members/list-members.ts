import { z } from "zod";
import { ZOrgRole } from "@/contracts/tenancy/get-me";
import { ZMember, ZPendingInvitation } from "./member";

export const ZListMembersResponse = z.object({
  members: z.array(ZMember),
  invitations: z.array(ZPendingInvitation),
  /** What the caller may do here: the page shows controls only for what the service allows. */
  viewer: z.object({
    userId: z.uuid(),
    orgRole: ZOrgRole,
    /** Owners and Admins invite, change roles, disable and remove. */
    canManage: z.boolean(),
  }),
  /** The domains an invitation may grant roles in (empty for a caller who cannot invite). */
  domains: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

export type TListMembersResponse = z.infer<typeof ZListMembersResponse>;
