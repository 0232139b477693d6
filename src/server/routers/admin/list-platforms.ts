import { ZListPlatformsResponse } from "@/contracts/admin/list-platforms";
import { listPlatforms as listPlatformsService } from "@/server/services/partner/platforms/list-platforms";
import { operatorProcedure } from "@/server/trpc/procedures";

export const listPlatforms = operatorProcedure.output(ZListPlatformsResponse).query(() => listPlatformsService());
