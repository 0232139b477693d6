import { POLICY_MODES, type TActionClass, type TPolicyMode } from "@/contracts/assistant/actions";
import { DEFAULT_POLICY, ZPolicy, type TPolicy } from "@/contracts/assistant/policy";
import { parseIsoDuration } from "@/contracts/common/iso-duration";

/** The worker's stored policy, or the default when it has none (or a stored one no longer parses). */
export function policyOf(stored: unknown): TPolicy {
  const parsed = ZPolicy.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_POLICY;
}

const strictest = (modes: TPolicyMode[]): TPolicyMode => POLICY_MODES.find((mode) => modes.includes(mode))!;

/**
 * The mode of one action under a policy (spec 4.8): the rules for the action's own class
 * outrank `*`; among rules of one rank the strictest wins. An action no rule names waits for
 * approval, so a policy that forgets a class never lets it run unasked.
 */
export function modeFor(policy: TPolicy, action: TActionClass): TPolicyMode {
  const own = policy.rules.filter((rule) => rule.action === action).map((rule) => rule.mode);
  if (own.length) return strictest(own);
  const any = policy.rules.filter((rule) => rule.action === "*").map((rule) => rule.mode);
  return any.length ? strictest(any) : "ask";
}

/** How long the policy lets an approval wait. */
export function approvalTtlMs(policy: TPolicy): number {
  return parseIsoDuration(policy.approval_ttl)!;
}
