import { ZListAuditEntriesRequest, ZListAuditEntriesResponse } from "@/contracts/audit/list-audit-entries";
import { listAuditEntries as listAuditEntriesService } from "@/server/services/audit/list-audit-entries";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listAuditEntries = consoleProcedure
  .input(ZListAuditEntriesRequest)
  .output(ZListAuditEntriesResponse)
  .query(({ ctx, input }) => listAuditEntriesService(ctx.actor, input));
