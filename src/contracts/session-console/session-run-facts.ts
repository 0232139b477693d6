import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";

export const ZSessionRunFactsRequest = z.strictObject({ sessionId: z.string() });
export type TSessionRunFactsRequest = z.infer<typeof ZSessionRunFactsRequest>;

/** How long something ran: null until it has both started and finished. */
const ZDurationMs = z.int().min(0).nullable();

/**
 * What ran in a session, for its page: the agent (or flow) and the revision every turn of the
 * session runs, how long each turn and each tool call took.
 */
export const ZSessionRunFactsResponse = z.object({
  automation: z.object({
    id: ZUuid,
    kind: z.enum(["agent", "flow"]),
    name: z.string(),
    domainId: ZUuid,
    publishedRevision: z
      .int()
      .nullable()
      .meta({ description: "The revision callers run now (null: never published)." }),
  }),
  revision: z.object({
    number: z.int().meta({ description: "Negative for a test run, which pins a snapshot of the draft." }),
    testRun: z.boolean(),
    changeNote: z.string().nullable(),
    publishedAt: ZIsoDateTime.nullable(),
  }),
  turns: z.array(
    z.object({
      executionId: ZUuid,
      number: z.int(),
      revision: z.int().meta({ description: "The revision the turn ran (a session's turns all run its revision)." }),
      startedAt: ZIsoDateTime.nullable(),
      finishedAt: ZIsoDateTime.nullable(),
      durationMs: ZDurationMs,
    }),
  ),
  toolCalls: z.array(
    z.object({
      id: ZUuid,
      executionId: ZUuid,
      startedAt: ZIsoDateTime.nullable(),
      finishedAt: ZIsoDateTime.nullable(),
      durationMs: ZDurationMs,
    }),
  ),
});
export type TSessionRunFactsResponse = z.infer<typeof ZSessionRunFactsResponse>;
