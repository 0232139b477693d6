import { ZRevokePartnerKeyRequest, ZRevokePartnerKeyResponse } from "@/contracts/admin/revoke-partner-key";
import { revokePartnerKey as revokePartnerKeyService } from "@/server/services/partner/platforms/revoke-partner-key";
import { operatorProcedure } from "@/server/trpc/procedures";

export const revokePartnerKey = operatorProcedure
  .input(ZRevokePartnerKeyRequest)
  .output(ZRevokePartnerKeyResponse)
  .mutation(({ input }) => revokePartnerKeyService(input.platformId, input.keyId));
