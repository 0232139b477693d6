import { router } from "@/server/trpc/init";
import { activateInvitation } from "./console/activate-invitation";
import { getOrganization } from "./get-organization";
import { provisionOrganization } from "./provision-organization";
import { readInvitation } from "./console/read-invitation";

export const partnerProvisioningRouter = router({
  provisionOrganization,
  getOrganization,
  readInvitation,
  activateInvitation,
});
