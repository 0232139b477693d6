import { router } from "@/server/trpc/init";
import { authoringGetIntegration } from "./authoring-get-integration";
import { authoringListIntegrations } from "./authoring-list-integrations";
import { disableIntegration } from "./disable-integration";
import { getIntegration } from "./get-integration";
import { importOpenApiIntegration } from "./import-openapi-integration";
import { listIntegrations } from "./list-integrations";

/** authoring*: the machine API (section 4.3); the rest: console procedures over the same services. */
export const integrationsRouter = router({
  authoringList: authoringListIntegrations,
  authoringGet: authoringGetIntegration,
  list: listIntegrations,
  get: getIntegration,
  importOpenApi: importOpenApiIntegration,
  disable: disableIntegration,
});
