import { ZConsolePublishResponse } from "@/contracts/agents/publish-agent";
import { ZPublishFlowRequest } from "@/contracts/flows/requests";
import { publishFlow as service } from "@/server/services/flows/publish-flow";
import { consoleProcedure } from "@/server/trpc/procedures";

export const publishFlow = consoleProcedure
  .input(ZPublishFlowRequest)
  .output(ZConsolePublishResponse)
  .mutation(({ ctx, input }) => service(ctx.actor, input));
