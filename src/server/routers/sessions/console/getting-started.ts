import { ZGettingStartedRequest, ZGettingStartedResponse } from "@/contracts/session-console/getting-started";
import { gettingStarted as gettingStartedService } from "@/server/services/session-console/getting-started";
import { consoleProcedure } from "@/server/trpc/procedures";

export const gettingStarted = consoleProcedure
  .input(ZGettingStartedRequest)
  .output(ZGettingStartedResponse)
  .query(({ ctx }) => gettingStartedService(ctx.actor));
