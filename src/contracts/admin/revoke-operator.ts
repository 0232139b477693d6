import { z } from "zod";
import { ZOperatorResponse } from "./operator";

export const ZRevokeOperatorRequest = z.strictObject({ userId: z.uuid() });
export const ZRevokeOperatorResponse = ZOperatorResponse;

export type TRevokeOperatorRequest = z.infer<typeof ZRevokeOperatorRequest>;
export type TRevokeOperatorResponse = z.infer<typeof ZRevokeOperatorResponse>;
