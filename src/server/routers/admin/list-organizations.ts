import { ZListOrganizationsResponse } from "@/contracts/admin/list-organizations";
import { listOrganizations as listOrganizationsService } from "@/server/services/admin/list-organizations";
import { operatorProcedure } from "@/server/trpc/procedures";

export const listOrganizations = operatorProcedure
  .output(ZListOrganizationsResponse)
  .query(() => listOrganizationsService());
