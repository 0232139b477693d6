import { ZSessionRunFactsRequest, ZSessionRunFactsResponse } from "@/contracts/session-console/session-run-facts";
import { sessionRunFacts } from "@/server/services/session-console/session-run-facts";
import { consoleProcedure } from "@/server/trpc/procedures";

export const runFacts = consoleProcedure
  .input(ZSessionRunFactsRequest)
  .output(ZSessionRunFactsResponse)
  .query(({ ctx, input }) => sessionRunFacts(ctx.actor, input));
