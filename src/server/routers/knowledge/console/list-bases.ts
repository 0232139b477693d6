import { ZListBasesResponse } from "@/contracts/knowledge/list-bases";
import { listBases as listBasesService } from "@/server/services/knowledge/list-bases";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listBases = consoleProcedure.output(ZListBasesResponse).query(({ ctx }) => listBasesService(ctx.actor));
