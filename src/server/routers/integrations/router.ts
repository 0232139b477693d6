import { router } from "@/server/trpc/init";
import { authoringGetIntegration } from "./authoring-get-integration";
import { authoringListIntegrations } from "./authoring-list-integrations";
import { disableIntegration } from "./console/disable-integration";
import { getIntegration } from "./console/get-integration";
import { importOpenApiIntegration } from "./console/import-openapi-integration";
import { listIntegrations } from "./console/list-integrations";

/** authoring*: the machine API (section 4.3); the rest: console procedures over the same services. */
export const integrationsRouter = router({
  authoringList: authoringListIntegrations,
  authoringGet: authoringGetIntegration,
  list: listIntegrations,
  get: getIntegration,
  importOpenApi: importOpenApiIntegration,
  disable: disableIntegration,
});
