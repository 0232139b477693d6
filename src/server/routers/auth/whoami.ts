import { whoamiMeta, ZWhoamiRequest, ZWhoamiResponse } from "@/contracts/auth/whoami";
import { whoami as whoamiService } from "@/server/services/auth/whoami";
import { userTokenProcedure } from "@/server/trpc/procedures";

export const whoami = userTokenProcedure
  .meta(whoamiMeta)
  .input(ZWhoamiRequest)
  .output(ZWhoamiResponse)
  .query(({ ctx }) => whoamiService(ctx.actor));
