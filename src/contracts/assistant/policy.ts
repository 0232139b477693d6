import { z } from "zod";
import { DURATION, parseIsoDuration } from "@/contracts/common/iso-duration";
import { ZPolicyAction, ZPolicyMode } from "./actions";

// A worker's policy (spec 4.8): which actions run, wait for approval or are refused.

export const APPROVAL_TTL_MIN_MS = 60_000;
export const APPROVAL_TTL_MAX_MS = 30 * 86_400_000;
export const POLICY_RULES_MAX = 50;

export const ZApprovalTtl = z
  .string()
  .refine(
    (text) => parseIsoDuration(text) !== null,
    "must be an ISO 8601 duration in weeks, days, hours, minutes or seconds, e.g. PT30M, P1D or P1DT12H (years and months have no fixed length)",
  )
  .refine((text) => {
    const ms = parseIsoDuration(text);
    return ms === null || (ms >= APPROVAL_TTL_MIN_MS && ms <= APPROVAL_TTL_MAX_MS);
  }, "must be between 1 minute (PT1M) and 30 days (P30D)")
  .meta({
    pattern: DURATION.source,
    description:
      "How long an approval waits before it expires: an ISO 8601 duration from PT1M to P30D (weeks, days, hours, minutes, seconds).",
  });

export const ZPolicyRule = z
  .strictObject({ action: ZPolicyAction, mode: ZPolicyMode })
  .meta({ id: "AssistantPolicyRule" });

export const ZPolicy = z
  .strictObject({
    rules: z.array(ZPolicyRule).max(POLICY_RULES_MAX, `must have at most ${POLICY_RULES_MAX} rules`).meta({
      description:
        "A rule for an action's own class outranks `*`; among rules of equal rank the strictest mode wins (never, then ask, then allow). An action no rule names asks.",
    }),
    approval_ttl: ZApprovalTtl,
  })
  .meta({ id: "AssistantPolicy" });
export type TPolicy = z.infer<typeof ZPolicy>;

/** What a worker without a policy of its own follows: every action waits for its end user, a day at most. */
export const DEFAULT_POLICY: TPolicy = { rules: [{ action: "*", mode: "ask" }], approval_ttl: "P1D" };
