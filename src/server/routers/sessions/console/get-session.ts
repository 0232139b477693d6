import { ZGetSessionRequest } from "@/contracts/session-console/chat";
import { ZSessionDetails } from "@/contracts/sessions/session-details";
import { getSessionDetails } from "@/server/services/sessions/get-session";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getSession = consoleProcedure
  .input(ZGetSessionRequest)
  .output(ZSessionDetails)
  .query(({ ctx, input }) => getSessionDetails(ctx.actor, input));
