import type { TIdentityModeValue } from "@/contracts/agents/setup";

/** Spec section 5: how a binding obtains its credential, in the author's words. */
export const IDENTITY_MODES: Array<{ value: TIdentityModeValue; label: string; help: string }> = [
  { value: "service", label: "Service", help: "Always the organization's connection." },
  {
    value: "caller_preferred",
    label: "Prefer caller",
    help: "The caller's credential when a request sends one, else the organization's connection.",
  },
  {
    value: "caller_required",
    label: "Caller required",
    help: "Always the caller's own credential; runs without one fail.",
  },
];

export const IDENTITY_MODE_LABEL: Record<TIdentityModeValue, string> = {
  service: "Service",
  caller_preferred: "Prefer caller",
  caller_required: "Caller required",
};
