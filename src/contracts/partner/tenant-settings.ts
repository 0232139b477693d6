import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";

/**
 * What an organization admin sets (issue 40, tenant routes): the organization's name and its
 * monthly model budget (the console's Settings > Model budget, src/contracts/budget/*). Every
 * member reads them; organization Owners and Admins change them, as in the console.
 */

export const ORGANIZATION_NAME_MAX = 200;

export const ZOrganizationSettings = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ description: "The organization's display name (the console shows it everywhere)." }),
    canEdit: z
      .boolean()
      .meta({ description: "Whether the subject may change the settings (organization Owner or Admin)." }),
  })
  .meta({ id: "OrganizationSettings" });
export type TOrganizationSettings = z.infer<typeof ZOrganizationSettings>;

export const ZGetOrganizationSettingsRequest = z.strictObject({});
export const ZGetOrganizationSettingsResponse = ZOrganizationSettings;

export const ZUpdateOrganizationSettingsRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .max(ORGANIZATION_NAME_MAX, `must be at most ${ORGANIZATION_NAME_MAX} characters`)
    .meta({ description: `The organization's display name, 1-${ORGANIZATION_NAME_MAX} characters (trimmed).` }),
});
export type TUpdateOrganizationSettingsRequest = z.infer<typeof ZUpdateOrganizationSettingsRequest>;
export const ZUpdateOrganizationSettingsResponse = ZOrganizationSettings;

const SETTINGS_EXAMPLE = { id: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e", name: "Acme Dental", canEdit: true };
const ADMIN_ONLY = "The subject is not an organization Owner or Admin (FORBIDDEN).";

export const getOrganizationSettingsMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: SETTINGS_EXAMPLE },
  method: "GET",
  path: "/settings",
  summary: "Read the organization's settings",
  description: "The organization's display name, and whether the subject may change it. Every member may read it.",
  tags: ["Settings"],
  security: [],
  errors: {},
});

export const updateOrganizationSettingsMeta = routeMeta({
  surface: "partner-v1",
  examples: { request: { name: "Acme Dental Group" }, response: { ...SETTINGS_EXAMPLE, name: "Acme Dental Group" } },
  method: "PATCH",
  path: "/settings",
  summary: "Change the organization's settings",
  description:
    "Renames the organization (its identifier, the segment it was provisioned with, never changes). Organization Owner or Admin only.",
  tags: ["Settings"],
  security: [],
  errors: {
    400: "Invalid body (VALIDATION): unknown field, name missing or outside 1-200 characters after trimming.",
    403: ADMIN_ONLY,
  },
});

const BUDGET_EXAMPLE = {
  budget: {
    period: { start: "2026-03-01T00:00:00.000Z", end: "2026-04-01T00:00:00.000Z" },
    usage: { inputTokens: 120000, outputTokens: 30000, tokens: 150000, costUsd: 1.35 },
    limits: { monthlyTokenLimit: 5000000, monthlyCostLimitUsd: 50 },
    exhausted: false,
    canEdit: true,
  },
};

export const ZGetTenantBudgetRequest = z.strictObject({});

export const getTenantBudgetMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: BUDGET_EXAMPLE },
  method: "GET",
  path: "/settings/budget",
  summary: "Read the organization's model budget",
  description:
    "This UTC calendar month's model usage against the organization's monthly limits (null: unlimited). When a limit is reached (`exhausted`), turns fail with LLM_BUDGET_EXHAUSTED until the next month or a higher limit. Every member may read it.",
  tags: ["Settings"],
  security: [],
  errors: {},
});

export const setTenantBudgetMeta = routeMeta({
  surface: "partner-v1",
  examples: { request: BUDGET_EXAMPLE.budget.limits, response: BUDGET_EXAMPLE },
  method: "PUT",
  path: "/settings/budget",
  summary: "Set the organization's model budget",
  description:
    "Replaces both monthly limits (the console's budget form): `monthlyTokenLimit` (tokens, 0-2,000,000,000) and `monthlyCostLimitUsd` (US dollars, 0-1,000,000,000, micro-dollar precision); null removes a limit. Organization Owner or Admin only.",
  tags: ["Settings"],
  security: [],
  errors: {
    400: "Invalid body (VALIDATION): unknown field, a limit missing, negative or over its maximum.",
    403: ADMIN_ONLY,
  },
});
