import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZDomainMember, ZDomainRoleChoice } from "./team-domain";

export const ZChangeDomainMemberRoleRequest = z.strictObject({
  domainId: ZUuid,
  userId: ZUuid,
  role: ZDomainRoleChoice,
});
export type TChangeDomainMemberRoleRequest = z.infer<typeof ZChangeDomainMemberRoleRequest>;

export const ZChangeDomainMemberRoleResponse = z.object({ member: ZDomainMember });
