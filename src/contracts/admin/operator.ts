import { z } from "zod";

/** A person who runs the instance: sees /admin and manages partner platforms. */
export const ZOperator = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  disabled: z.boolean(),
});

export const ZOperatorResponse = z.object({ operator: ZOperator });

export type TOperator = z.infer<typeof ZOperator>;
