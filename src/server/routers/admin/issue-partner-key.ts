import { ZIssuePartnerKeyRequest, ZIssuePartnerKeyResponse } from "@/contracts/admin/issue-partner-key";
import { issuePartnerKey as issuePartnerKeyService } from "@/server/services/partner/platforms/issue-partner-key";
import { operatorProcedure } from "@/server/trpc/procedures";

export const issuePartnerKey = operatorProcedure
  .input(ZIssuePartnerKeyRequest)
  .output(ZIssuePartnerKeyResponse)
  .mutation(({ input }) => issuePartnerKeyService(input.platformId, input.name));
