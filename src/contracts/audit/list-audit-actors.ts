import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

/** The people the log can be filtered by: the organization's members, then former actors. */
export const ZListAuditActorsResponse = z.object({
  people: z.array(
    z.object({
      userId: ZUuid,
      label: z.string(),
      /** False for someone who acted here but is no longer a member. */
      member: z.boolean(),
    }),
  ),
});
export type TListAuditActorsResponse = z.infer<typeof ZListAuditActorsResponse>;
