import type { TReferenceSurface } from "./reference-tabs";

/** The two API documents as both reference pages (the console's and the public one) introduce them. */
export const REFERENCE_SURFACES: Record<TReferenceSurface, { title: string; description: string }> = {
  v1: {
    title: "Customer API reference",
    description: "Run agents and flows, author automations and manage knowledge with an API key or access token.",
  },
  partner: {
    title: "Partner API reference",
    description: "Provision customer organizations, lease tokens and manage assistant workers with a partner key.",
  },
};

/** Where the SDKs are (generated from these documents; retries, idempotency keys, the stream and webhooks built in). */
export const SDK_NOTE =
  "SDKs generated from this document: TypeScript (sdk/typescript) and Python (sdk/python) in the service's repository; see their READMEs.";

export function referenceSurfaceOf(value: string): TReferenceSurface | null {
  return Object.hasOwn(REFERENCE_SURFACES, value) ? (value as TReferenceSurface) : null;
}
