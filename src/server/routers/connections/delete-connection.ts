import { ZDeleteConnectionRequest, ZDeleteConnectionResponse } from "@/contracts/connections/delete-connection";
import { deleteConnection as deleteConnectionService } from "@/server/services/connections/delete-connection";
import { consoleProcedure } from "@/server/trpc/procedures";

export const deleteConnection = consoleProcedure
  .input(ZDeleteConnectionRequest)
  .output(ZDeleteConnectionResponse)
  .mutation(({ ctx, input }) => deleteConnectionService(ctx.actor, input));
