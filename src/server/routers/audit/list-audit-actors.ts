import { ZListAuditActorsResponse } from "@/contracts/audit/list-audit-actors";
import { listAuditActors as listAuditActorsService } from "@/server/services/audit/list-audit-actors";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listAuditActors = consoleProcedure
  .output(ZListAuditActorsResponse)
  .query(({ ctx }) => listAuditActorsService(ctx.actor));
