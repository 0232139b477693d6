import { z } from "zod";
import { ZOperatorResponse } from "./operator";

export const ZGrantOperatorRequest = z.strictObject({
  email: z.string().trim().min(1, "Enter the person's email").max(320, "At most 320 characters"),
});
export const ZGrantOperatorResponse = ZOperatorResponse;

export type TGrantOperatorRequest = z.infer<typeof ZGrantOperatorRequest>;
export type TGrantOperatorResponse = z.infer<typeof ZGrantOperatorResponse>;
