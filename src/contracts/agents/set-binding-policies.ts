import { z } from "zod";
import { ZAgentPathId, ZBindingPolicies, ZIdentityMode } from "./setup";

export const BINDING_POLICIES_MAX = 100;

/** A draft's whole map, as an agent or a flow sets it; an integration left out binds with `service`. */
export const ZBindingPoliciesInput = z
  .record(z.string().min(1, "must not be empty").max(64, "must be at most 64 characters"), ZIdentityMode)
  .refine(
    (policies) => Object.keys(policies).length <= BINDING_POLICIES_MAX,
    `must have at most ${BINDING_POLICIES_MAX} entries`,
  );

/** Replaces the draft's whole map. */
export const ZSetBindingPoliciesRequest = z.strictObject({ id: ZAgentPathId, policies: ZBindingPoliciesInput });
export type TSetBindingPoliciesRequest = z.infer<typeof ZSetBindingPoliciesRequest>;

export const ZSetBindingPoliciesResponse = z.object({ bindingPolicies: ZBindingPolicies });
export type TSetBindingPoliciesResponse = z.infer<typeof ZSetBindingPoliciesResponse>;
