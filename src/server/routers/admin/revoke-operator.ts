import { ZRevokeOperatorRequest, ZRevokeOperatorResponse } from "@/contracts/admin/revoke-operator";
import { revokeOperator as revokeOperatorService } from "@/server/services/admin/revoke-operator";
import { operatorProcedure } from "@/server/trpc/procedures";

export const revokeOperator = operatorProcedure
  .input(ZRevokeOperatorRequest)
  .output(ZRevokeOperatorResponse)
  .mutation(({ ctx, input }) => revokeOperatorService({ actorUserId: ctx.operatorUserId, userId: input.userId }));
