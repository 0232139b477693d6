import type { TCallerCredentials, TCallerIntegrationCredential } from "@/contracts/common/caller-credentials";
import type { TToolCredential } from "@/server/integrations/http/http-binding";
import type { TIntegrationDefinition } from "@/server/integrations/types";

export type TCallerIntegrations = TCallerCredentials["integrations"];

/**
 * What a grant keeps of a request's map: entries that change a call's outcome. `{}` and an
 * entry with only `fallbackAllowed: true` behave like omission (section 2), so they are
 * dropped; an entry with only `fallbackAllowed: false` is kept because it makes the call fail
 * without material. Object.fromEntries defines own properties, so an id like "__proto__"
 * cannot touch a prototype.
 */
export function normalizeCallerIntegrations(credentials: TCallerCredentials | undefined): TCallerIntegrations {
  const kept: Array<[string, TCallerIntegrationCredential]> = [];
  for (const [integrationId, entry] of Object.entries(credentials?.integrations ?? {})) {
    const normalized: TCallerIntegrationCredential = {};
    if (entry.token !== undefined) normalized.token = entry.token;
    if (entry.fields && Object.keys(entry.fields).length > 0)
      normalized.fields = Object.fromEntries(Object.entries(entry.fields));
    if (entry.fallbackAllowed === false) normalized.fallbackAllowed = false;
    if (Object.keys(normalized).length > 0) kept.push([integrationId, normalized]);
  }
  return Object.fromEntries(kept);
}

/** The entry keyed to exactly this integration id (own keys only: "constructor" is not an entry). */
export function entryFor(
  integrations: TCallerIntegrations | undefined,
  integrationId: string,
): TCallerIntegrationCredential | undefined {
  if (!integrations || !Object.hasOwn(integrations, integrationId)) return undefined;
  return integrations[integrationId];
}

/** Whether an entry carries any material at all (before the integration trims it). */
export function hasMaterial(entry: TCallerIntegrationCredential | undefined): boolean {
  return entry !== undefined && (entry.token !== undefined || Object.keys(entry.fields ?? {}).length > 0);
}

/**
 * The caller material the integration will actually receive: the token when the integration
 * takes one, and only the field names it declares (section 2: undeclared names are removed
 * before invocation). Null when nothing usable remains.
 */
export function callerMaterialFor(
  integration: TIntegrationDefinition,
  entry: TCallerIntegrationCredential | undefined,
): TToolCredential {
  if (!entry) return null;
  const credential: NonNullable<TToolCredential> = {};
  if (integration.credential.token && entry.token !== undefined) credential.token = entry.token;
  const declared = new Set(integration.credential.fields.map((field) => field.name));
  const fields = Object.entries(entry.fields ?? {}).filter(([name]) => declared.has(name));
  if (fields.length > 0) credential.fields = Object.fromEntries(fields);
  return Object.keys(credential).length > 0 ? credential : null;
}
