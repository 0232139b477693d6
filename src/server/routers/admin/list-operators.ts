import { ZListOperatorsResponse } from "@/contracts/admin/list-operators";
import { listOperators as listOperatorsService } from "@/server/services/admin/list-operators";
import { operatorProcedure } from "@/server/trpc/procedures";

export const listOperators = operatorProcedure.output(ZListOperatorsResponse).query(() => listOperatorsService());
