import { z } from "zod";
import { consoleRunRequest } from "@/contracts/common/console-run";

/** The console's Run (newest published revision) and Test run (the current draft) of an agent. */
export const ZRunAgentRequest = consoleRunRequest({
  id: z.string().min(1, "must not be empty").max(64, "must be at most 64 characters"),
  message: z.string().trim().min(1, "must not be blank").max(8_000, "must be at most 8000 characters"),
});
export type TRunAgentRequest = z.infer<typeof ZRunAgentRequest>;

/** `revision` is negative for a test run: the draft's snapshot, never listed nor published. */
export const ZRunAgentResponse = z.object({
  sessionId: z.uuid(),
  executionId: z.uuid(),
  revision: z.int(),
  testRun: z.boolean(),
});
export type TRunAgentResponse = z.infer<typeof ZRunAgentResponse>;
