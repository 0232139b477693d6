import { ZListFollowersRequest, ZListFollowersResponse } from "@/contracts/admin/list-followers";
import { listFollowers as listFollowersService } from "@/server/services/partner/platforms/list-followers";
import { operatorProcedure } from "@/server/trpc/procedures";

export const listFollowers = operatorProcedure
  .input(ZListFollowersRequest)
  .output(ZListFollowersResponse)
  .query(({ input }) => listFollowersService(input.platformId));
