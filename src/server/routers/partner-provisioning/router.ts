import { router } from "@/server/trpc/init";

export const partnerProvisioningRouter = router({});
