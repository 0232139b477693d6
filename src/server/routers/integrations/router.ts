import { router } from "@/server/trpc/init";
import { disableIntegration } from "./console/disable-integration";
import { getIntegration as consoleGetIntegration } from "./console/get-integration";
import { importOpenApiIntegration } from "./console/import-openapi-integration";
import { listIntegrations as consoleListIntegrations } from "./console/list-integrations";
import { getIntegration } from "./get-integration";
import { listIntegrations } from "./list-integrations";

/** authoring*: the machine API (section 4.3; the keys name the OpenAPI operationIds); the rest: console procedures (./console/) over the same services. */
export const integrationsRouter = router({
  authoringList: listIntegrations,
  authoringGet: getIntegration,
  list: consoleListIntegrations,
  get: consoleGetIntegration,
  importOpenApi: importOpenApiIntegration,
  disable: disableIntegration,
});
