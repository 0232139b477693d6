import { ZManagedSessionResponse, ZSetSessionOutcomeRequest } from "@/contracts/session-console/manage-session";
import { setSessionOutcome } from "@/server/services/session-console/update-session";
import { consoleProcedure } from "@/server/trpc/procedures";

export const setOutcome = consoleProcedure
  .input(ZSetSessionOutcomeRequest)
  .output(ZManagedSessionResponse)
  .mutation(({ ctx, input }) => setSessionOutcome(ctx.actor, input));
