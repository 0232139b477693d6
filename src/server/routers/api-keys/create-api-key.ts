import { ZCreateApiKeyRequest, ZCreateApiKeyResponse } from "@/contracts/api-keys/create-api-key";
import { createApiKey as createApiKeyService } from "@/server/services/api-keys/create-api-key";
import { consoleProcedure } from "@/server/trpc/procedures";

export const createApiKey = consoleProcedure
  .input(ZCreateApiKeyRequest)
  .output(ZCreateApiKeyResponse)
  .mutation(({ ctx, input }) => createApiKeyService(ctx.actor, input));
