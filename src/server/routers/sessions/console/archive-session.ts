import { ZArchiveSessionRequest, ZManagedSessionResponse } from "@/contracts/session-console/manage-session";
import { archiveSession as archiveSessionService } from "@/server/services/session-console/update-session";
import { consoleProcedure } from "@/server/trpc/procedures";

export const archiveSession = consoleProcedure
  .input(ZArchiveSessionRequest)
  .output(ZManagedSessionResponse)
  .mutation(({ ctx, input }) => archiveSessionService(ctx.actor, input));
