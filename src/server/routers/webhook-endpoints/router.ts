import { router } from "@/server/trpc/init";
import { deleteEndpoint, rotateEndpointSecret, updateEndpoint } from "./change-endpoints";
import {
  consoleCreate,
  consoleDeliveries,
  consoleList,
  consoleRedeliver,
  consoleUpdate,
} from "./console/console-endpoints";
import { createEndpoint } from "./create-endpoint";
import { listDeliveries, redeliver } from "./endpoint-deliveries";
import { getEndpoint, listEndpoints } from "./read-endpoints";

/** Customer completion webhooks: /api/v1/webhook-endpoints (yk_) and the console's twins (cookie). */
export const webhookEndpointsRouter = router({
  create: createEndpoint,
  list: listEndpoints,
  get: getEndpoint,
  update: updateEndpoint,
  delete: deleteEndpoint,
  rotateSecret: rotateEndpointSecret,
  listDeliveries,
  redeliver,
  consoleList,
  consoleCreate,
  consoleUpdate,
  consoleDeliveries,
  consoleRedeliver,
});
