import { ZCreateConnectionRequest, ZCreateConnectionResponse } from "@/contracts/connections/create-connection";
import { createConnection as createConnectionService } from "@/server/services/connections/create-connection";
import { consoleProcedure } from "@/server/trpc/procedures";

export const createConnection = consoleProcedure
  .input(ZCreateConnectionRequest)
  .output(ZCreateConnectionResponse)
  .mutation(({ ctx, input }) => createConnectionService(ctx.actor, input));
