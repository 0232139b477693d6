import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

/** One organization's event-trigger switch, and whether event triggers work there now. */
export const ZOrganizationRollout = z.object({
  id: ZUuid,
  name: z.string(),
  slug: z.string(),
  /** The organization's own switch. */
  enabled: z.boolean(),
  /** Event triggers work there: its own switch or the instance's is on. */
  effective: z.boolean(),
});
export type TOrganizationRollout = z.infer<typeof ZOrganizationRollout>;
