import { ZListApiKeysResponse } from "@/contracts/api-keys/list-api-keys";
import { listApiKeys as listApiKeysService } from "@/server/services/api-keys/list-api-keys";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listApiKeys = consoleProcedure
  .output(ZListApiKeysResponse)
  .query(({ ctx }) => listApiKeysService(ctx.actor));
