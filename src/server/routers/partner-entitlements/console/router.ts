import { router } from "@/server/trpc/init";
import { listSupportGrants } from "./list-support-grants";
import { partnerOverview } from "./partner-overview";
import { revokeSupportGrant } from "./revoke-support-grant";
import { shareWithSupport } from "./share-with-support";

/** Console procedures (key `partnerEntitlements.console`) of a partner's customer: its partner, its entitlements and its support grants. */
export const supportConsoleRouter = router({
  overview: partnerOverview,
  share: shareWithSupport,
  grants: listSupportGrants,
  revoke: revokeSupportGrant,
});
