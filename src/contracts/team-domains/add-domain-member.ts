import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZDomainMember, ZDomainRoleChoice } from "./team-domain";

export const ZAddDomainMemberRequest = z.strictObject({
  domainId: ZUuid,
  userId: ZUuid.meta({ description: "A member of the caller's organization." }),
  role: ZDomainRoleChoice,
});
export type TAddDomainMemberRequest = z.infer<typeof ZAddDomainMemberRequest>;

export const ZAddDomainMemberResponse = z.object({ member: ZDomainMember });
