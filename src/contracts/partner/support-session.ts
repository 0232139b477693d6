import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";
import { ZSessionDetails } from "@/contracts/sessions/session-details";

/**
 * What the partner's support reads of a shared session: the session read model of GET
 * /api/v1/agents/sessions/{id} without the caller flags (support never acts in the session),
 * plus the automation and the grant.
 */
export const ZSupportSession = z
  .object({
    grant: z.object({ id: z.uuid(), expiresAt: ZIsoDateTime, createdAt: ZIsoDateTime }),
    automation: z.object({ id: z.uuid(), kind: z.enum(["agent", "flow"]), name: z.string() }),
    session: ZSessionDetails.omit({ canParticipate: true, canManage: true, readOnlyReason: true }),
  })
  .meta({ id: "SupportSession" });
export type TSupportSession = z.infer<typeof ZSupportSession>;
