import { ZDeleteSessionRequest, ZDeleteSessionResponse } from "@/contracts/session-console/manage-session";
import { deleteSession as deleteSessionService } from "@/server/services/session-console/delete-session";
import { consoleProcedure } from "@/server/trpc/procedures";

export const deleteSession = consoleProcedure
  .input(ZDeleteSessionRequest)
  .output(ZDeleteSessionResponse)
  .mutation(({ ctx, input }) => deleteSessionService(ctx.actor, input));
