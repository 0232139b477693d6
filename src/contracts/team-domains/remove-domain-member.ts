import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

export const ZRemoveDomainMemberRequest = z.strictObject({ domainId: ZUuid, userId: ZUuid });
export type TRemoveDomainMemberRequest = z.infer<typeof ZRemoveDomainMemberRequest>;

export const ZRemoveDomainMemberResponse = z.object({ removed: z.object({ userId: z.uuid() }) });
