import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

// The console refuses callerCredentials (spec 5 rule 7): these strict bodies have no such field,
// so a request that sends one is a 400 VALIDATION naming it.
const ZMessage = z.string().trim().min(1, "must not be blank").max(8_000, "must be at most 8000 characters");

export const ZListChatAgentsRequest = z.strictObject({});
export const ZChatAgent = z.object({
  id: ZUuid,
  name: z.string(),
  description: z.string().nullable(),
  domain: z.object({ id: ZUuid, name: z.string() }),
  revision: z.number().int(),
});
export type TChatAgent = z.infer<typeof ZChatAgent>;
export const ZListChatAgentsResponse = z.object({ agents: z.array(ZChatAgent) });

export const ZOpenChatRequest = z.strictObject({ automationId: ZUuid, message: ZMessage });
export type TOpenChatRequest = z.infer<typeof ZOpenChatRequest>;
export const ZOpenChatResponse = z.object({ sessionId: ZUuid, executionId: ZUuid });

export const ZConsolePostMessageRequest = z.strictObject({ sessionId: ZUuid, message: ZMessage });
export const ZConsolePostMessageResponse = z.object({ executionId: ZUuid });

export const ZConsoleDecideApprovalRequest = z.strictObject({
  sessionId: ZUuid,
  decision: z.enum(["approved", "rejected"]),
  approvalId: ZUuid.optional(),
  comment: z.string().max(2_000, "must be at most 2000 characters").optional(),
});
export const ZConsoleDecideApprovalResponse = z.object({
  ok: z.literal(true),
  approvalId: ZUuid,
  decision: z.enum(["approved", "rejected"]),
});

export const ZGetSessionRequest = z.strictObject({ sessionId: ZUuid });
