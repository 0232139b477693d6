import { router } from "@/server/trpc/init";
import { createConnection } from "./create-connection";
import { deleteConnection } from "./delete-connection";
import { listConnections } from "./list-connections";

/** Console only: the machine API never exposes connections (spec section 1). */
export const connectionsRouter = router({ list: listConnections, create: createConnection, delete: deleteConnection });
