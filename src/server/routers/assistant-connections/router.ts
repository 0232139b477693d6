import { router } from "@/server/trpc/init";
import { deleteConnection } from "./delete-connection";
import { listConnections } from "./list-connections";
import { getOAuthApps, putOAuthApp, putOAuthState } from "./oauth-apps";
import { getReturnUrls, putReturnUrls } from "./return-urls";
import { startConnection } from "./start-connection";

/** Worker connections (spec 4.8): connect links, connections, the customer's OAuth apps, the platform's return URLs (ykp_). */
export const assistantConnectionsRouter = router({
  startConnection,
  listConnections,
  deleteConnection,
  getOAuthApps,
  putOAuthApp,
  putOAuthState,
  getReturnUrls,
  putReturnUrls,
});
