import { router } from "@/server/trpc/init";
import { activateInvitation } from "./activate-invitation";
import { getOrganization } from "./get-organization";
import { provisionOrganization } from "./provision-organization";
import { readInvitation } from "./read-invitation";

export const partnerProvisioningRouter = router({
  provisionOrganization,
  getOrganization,
  readInvitation,
  activateInvitation,
});
