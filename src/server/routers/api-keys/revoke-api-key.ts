import { ZRevokeApiKeyRequest, ZRevokeApiKeyResponse } from "@/contracts/api-keys/revoke-api-key";
import { revokeApiKey as revokeApiKeyService } from "@/server/services/api-keys/revoke-api-key";
import { consoleProcedure } from "@/server/trpc/procedures";

export const revokeApiKey = consoleProcedure
  .input(ZRevokeApiKeyRequest)
  .output(ZRevokeApiKeyResponse)
  .mutation(({ ctx, input }) => revokeApiKeyService(ctx.actor, input));
