import { z } from "zod";
import { ZOrgRole } from "@/contracts/tenancy/get-me";
import { ZMember } from "./member";

export const ZChangeMemberRoleRequest = z.strictObject({ userId: z.uuid(), orgRole: ZOrgRole });
export const ZChangeMemberRoleResponse = z.object({ member: ZMember });

export type TChangeMemberRoleRequest = z.infer<typeof ZChangeMemberRoleRequest>;
