import { router } from "@/server/trpc/init";
import { clearEntitlement } from "./clear-entitlement";
import { getSupportSession } from "./get-support-session";
import { listEntitlements } from "./list-entitlements";
import { setEntitlement } from "./set-entitlement";
import { supportConsoleRouter } from "./console/router";

/** Partner entitlements and support sessions (spec 4.7), and the customer's console side of them. */
export const partnerEntitlementsRouter = router({
  listEntitlements,
  setEntitlement,
  clearEntitlement,
  getSupportSession,
  console: supportConsoleRouter,
});
