import type { TToolCredential } from "@/server/integrations/http/http-binding";
import type { TIdentityMode, TIntegrationDefinition } from "@/server/integrations/types";
import { resolveDomainConnection } from "@/server/services/connections/resolve-connection-secret";
import { callerMaterialFor, entryFor, hasMaterial, type TCallerIntegrations } from "./material";

/** The opened grant of one turn; material stays in memory only while a tool call needs it. */
export type TCallerGrant = {
  integrations: TCallerIntegrations;
  expiresAt: Date | null;
  suppliedById: string | null;
};

export type TCredentialDecision =
  | { ok: true; identity: "caller" | "service"; credential: TToolCredential }
  | { ok: false; code: "CALLER_CREDENTIALS_REQUIRED" | "CALLER_CREDENTIAL_EXPIRED"; message: string };

// Messages name the integration and what to send, never any material.
function required(integration: TIntegrationDefinition, reason: string): TCredentialDecision {
  return {
    ok: false,
    code: "CALLER_CREDENTIALS_REQUIRED",
    message: `${integration.name} (${integration.id}) must run with the caller's own credential because ${reason}, and none was supplied. Send callerCredentials.integrations["${integration.id}"] with a token or fields.`,
  };
}

function expired(integration: TIntegrationDefinition, expiresAt: Date): TCredentialDecision {
  return {
    ok: false,
    code: "CALLER_CREDENTIAL_EXPIRED",
    message: `The caller credential for ${integration.name} (${integration.id}) expired at ${expiresAt.toISOString()}; it is never replaced by the organization's credential. Approve with fresh callerCredentials or start a new turn with fresh material.`,
  };
}

/**
 * The organization's credential (identity service). A domain without a connection for the
 * integration gives a null credential: the tool is called without authentication and the
 * upstream answer (typically 401) is the result, the same as for a service binding.
 */
async function organizationCredential(options: {
  orgId: string;
  domainId: string;
  integration: TIntegrationDefinition;
}): Promise<TCredentialDecision> {
  if (options.integration.credential.prefers === "none") return { ok: true, identity: "service", credential: null };
  const connection = await resolveDomainConnection({
    orgId: options.orgId,
    domainId: options.domainId,
    integrationId: options.integration.id,
  });
  if (!connection) return { ok: true, identity: "service", credential: null };
  const { token, fields } = connection.secret;
  return {
    ok: true,
    identity: "service",
    credential: { ...(token !== undefined ? { token } : {}), ...(fields ? { fields: { ...fields } } : {}) },
  };
}

/**
 * Section 5 resolution for one tool call: binding policy x fallbackAllowed, caller material
 * when sent (field names the integration does not declare dropped), the organization's
 * connection in the domain otherwise, expiry refusal with no fallback.
 *
 * A `service` binding ignores the caller's entry entirely (material and fallbackAllowed): the
 * author chose the organization's identity, and trigger narrowing gives such a subscriber no
 * entry at all, so a direct run behaves the same way.
 */
export async function resolveToolCredential(options: {
  orgId: string;
  domainId: string;
  integration: TIntegrationDefinition;
  identityMode: TIdentityMode;
  grant: TCallerGrant | null;
  now: Date;
}): Promise<TCredentialDecision> {
  const { integration, identityMode, grant } = options;
  if (identityMode === "service") return organizationCredential(options);
  const entry = entryFor(grant?.integrations, integration.id);
  const material = callerMaterialFor(integration, entry);
  if (material) {
    // Rule 6: work reaching expired material fails; it never falls back to the organization.
    if (grant?.expiresAt && grant.expiresAt.getTime() <= options.now.getTime())
      return expired(integration, grant.expiresAt);
    return { ok: true, identity: "caller", credential: material };
  }
  if (identityMode === "caller_required") return required(integration, "the agent binds it as caller_required");
  if (entry?.fallbackAllowed === false) return required(integration, "the request set fallbackAllowed: false for it");
  return organizationCredential(options);
}

/**
 * Whether a call with this binding would run on caller material (decides user-routed
 * approvals). With the integration given, material the integration would drop does not count;
 * without it, any token or field counts (the conservative answer: routed to the supplier).
 * An expired grant still counts: the supplier is the one who can approve with fresh material.
 */
export function usesCallerMaterial(
  identityMode: TIdentityMode,
  grant: TCallerGrant | null,
  integrationId: string,
  integration?: TIntegrationDefinition,
): boolean {
  if (identityMode === "service" || !grant) return false;
  const entry = entryFor(grant.integrations, integrationId);
  return integration ? callerMaterialFor(integration, entry) !== null : hasMaterial(entry);
}
