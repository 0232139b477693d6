import { openSessionMeta, ZOpenSessionRequest, ZOpenSessionResponse } from "@/contracts/sessions/open-session";
import { openSession as openSessionService } from "@/server/services/sessions/open-session";
import { userKeyProcedure } from "@/server/trpc/procedures";

export const openSession = userKeyProcedure
  .meta(openSessionMeta)
  .input(ZOpenSessionRequest)
  .output(ZOpenSessionResponse)
  .mutation(({ ctx, input }) => openSessionService(ctx.actor, { ...input, origin: "api" }));
