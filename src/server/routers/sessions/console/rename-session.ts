import { ZManagedSessionResponse, ZRenameSessionRequest } from "@/contracts/session-console/manage-session";
import { renameSession as renameSessionService } from "@/server/services/session-console/update-session";
import { consoleProcedure } from "@/server/trpc/procedures";

export const renameSession = consoleProcedure
  .input(ZRenameSessionRequest)
  .output(ZManagedSessionResponse)
  .mutation(({ ctx, input }) => renameSessionService(ctx.actor, input));
