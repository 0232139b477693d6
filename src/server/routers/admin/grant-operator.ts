import { ZGrantOperatorRequest, ZGrantOperatorResponse } from "@/contracts/admin/grant-operator";
import { grantOperator as grantOperatorService } from "@/server/services/admin/grant-operator";
import { operatorProcedure } from "@/server/trpc/procedures";

export const grantOperator = operatorProcedure
  .input(ZGrantOperatorRequest)
  .output(ZGrantOperatorResponse)
  .mutation(({ input }) => grantOperatorService(input));
