import { ZAutomationHistoryRequest, ZAutomationHistoryResponse } from "@/contracts/triggers/run-history";
import { automationHistory as automationHistoryService } from "@/server/services/triggers/run-history";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Run history of one agent or flow: the firings it took part in and its result in each. */
export const automationHistory = consoleProcedure
  .input(ZAutomationHistoryRequest)
  .output(ZAutomationHistoryResponse)
  .query(({ ctx, input }) => automationHistoryService(ctx.actor, input));
