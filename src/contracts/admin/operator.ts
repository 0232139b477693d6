import { z } from "zod";

/** A person who runs the instance: sees /admin and manages partner platforms. */
export const ZOperator = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  disabled: z.boolean(),
});

export const ZListOperatorsResponse = z.object({ operators: z.array(ZOperator) });
export const ZGrantOperatorRequest = z.strictObject({ email: z.string().trim().min(1, "Enter the person's email").max(320, "At most 320 characters") });
export const ZRevokeOperatorRequest = z.strictObject({ userId: z.uuid() });
export const ZOperatorResponse = z.object({ operator: ZOperator });

export type TOperator = z.infer<typeof ZOperator>;
