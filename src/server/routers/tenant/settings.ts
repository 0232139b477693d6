import { ZSetBudgetRequest, ZSetBudgetResponse } from "@/contracts/budget/set-budget";
import { ZGetBudgetResponse } from "@/contracts/budget/get-budget";
import {
  getOrganizationSettingsMeta,
  getTenantBudgetMeta,
  setTenantBudgetMeta,
  updateOrganizationSettingsMeta,
  ZGetOrganizationSettingsRequest,
  ZGetOrganizationSettingsResponse,
  ZGetTenantBudgetRequest,
  ZUpdateOrganizationSettingsRequest,
  ZUpdateOrganizationSettingsResponse,
} from "@/contracts/partner/tenant-settings";
import { getBudget } from "@/server/services/budget/get-budget";
import { setBudget } from "@/server/services/budget/set-budget";
import { getOrganizationSettings, updateOrganizationSettings } from "@/server/services/tenancy/organization-settings";
import { router } from "@/server/trpc/init";
import { tenantRoute } from "@/server/trpc/tenant-route";

/**
 * GET/PATCH /organizations/{orgId}/settings (the name) and GET/PUT .../settings/budget (the
 * console's model budget, same schemas and services): every member reads, Owners and Admins change.
 */
export const tenantSettingsRouter = router({
  get: tenantRoute(
    getOrganizationSettingsMeta,
    ZGetOrganizationSettingsRequest,
    ZGetOrganizationSettingsResponse,
    ({ ctx }) => getOrganizationSettings(ctx.actor),
  ),
  update: tenantRoute(
    updateOrganizationSettingsMeta,
    ZUpdateOrganizationSettingsRequest,
    ZUpdateOrganizationSettingsResponse,
    ({ ctx, input }) => updateOrganizationSettings(ctx.actor, input),
  ),
  getBudget: tenantRoute(getTenantBudgetMeta, ZGetTenantBudgetRequest, ZGetBudgetResponse, ({ ctx }) =>
    getBudget(ctx.actor),
  ),
  setBudget: tenantRoute(setTenantBudgetMeta, ZSetBudgetRequest, ZSetBudgetResponse, ({ ctx, input }) =>
    setBudget(ctx.actor, input),
  ),
});
