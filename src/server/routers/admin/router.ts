import { router } from "@/server/trpc/init";
import { createPartnerApp } from "./create-partner-app";
import { createPlatform } from "./create-platform";
import { createTemplate } from "./create-template";
import { getEventTriggerRollout } from "./get-event-trigger-rollout";
import { getPlatform } from "./get-platform";
import { getTemplateSource } from "./get-template-source";
import { grantOperator } from "./grant-operator";
import { issuePartnerKey } from "./issue-partner-key";
import { listFollowers } from "./list-followers";
import { listOperators } from "./list-operators";
import { listOrganizations } from "./list-organizations";
import { listPartnerApps } from "./list-partner-apps";
import { listPartnerKeys } from "./list-partner-keys";
import { listPlatforms } from "./list-platforms";
import { listTemplates } from "./list-templates";
import { publishTemplateRelease } from "./publish-template-release";
import { revokeOperator } from "./revoke-operator";
import { revokePartnerApp } from "./revoke-partner-app";
import { revokePartnerKey } from "./revoke-partner-key";
import { setEventTriggerRollout } from "./set-event-trigger-rollout";
import { setInstanceEventTriggers } from "./set-instance-event-triggers";
import { setPlatformGrant } from "./set-platform-grant";
import { setPlatformQuota } from "./set-platform-quota";
import { setPlatformStatus } from "./set-platform-status";
import { setProvisioningTemplate } from "./set-provisioning-template";
import { setReturnUrls } from "./set-return-urls";
import { setTemplateStatus } from "./set-template-status";

/** The operators' console (/admin): every procedure requires an instance operator (operatorProcedure). */
export const adminRouter = router({
  listPlatforms,
  getPlatform,
  createPlatform,
  setPlatformStatus,
  setPlatformGrant,
  setPlatformQuota,
  setReturnUrls,
  listPartnerKeys,
  issuePartnerKey,
  revokePartnerKey,
  listPartnerApps,
  createPartnerApp,
  revokePartnerApp,
  listFollowers,
  listTemplates,
  createTemplate,
  getTemplateSource,
  publishTemplateRelease,
  setTemplateStatus,
  setProvisioningTemplate,
  listOrganizations,
  listOperators,
  grantOperator,
  revokeOperator,
  getEventTriggerRollout,
  setEventTriggerRollout,
  setInstanceEventTriggers,
});
