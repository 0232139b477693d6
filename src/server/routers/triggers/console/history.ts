import { ZTriggerHistoryRequest, ZTriggerHistoryResponse } from "@/contracts/triggers/run-history";
import { triggerHistory } from "@/server/services/triggers/run-history";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Run history of one trigger: firings with per-subscriber outcomes and links to sessions. */
export const history = consoleProcedure
  .input(ZTriggerHistoryRequest)
  .output(ZTriggerHistoryResponse)
  .query(({ ctx, input }) => triggerHistory(ctx.actor, input));
