import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TTransaction } from "@/server/db/client";
import type { TIntegrationDefinition, TIdentityMode } from "@/server/integrations/types";
import type { TToolCredential } from "@/server/integrations/http/http-binding";

// Seam (issue 4): caller material of one execution, sealed at rest (section 5). Implemented by
// the caller-credentials work; the turn loop and the session services only call these.

/** The opened grant of one turn; material stays in memory only while a tool call needs it. */
export type TCallerGrant = {
  integrations: TCallerCredentials["integrations"];
  expiresAt: Date | null;
  suppliedById: string | null;
};

/** Seals and stores the request's material for one turn (nothing is stored for undefined/empty). */
export async function createCallerGrant(
  tx: TTransaction,
  options: { turnId: string; callerCredentials: TCallerCredentials | undefined; expiresAt?: Date | null; suppliedById: string | null },
): Promise<void> {
  void tx;
  void options;
  throw new Error("not implemented");
}

/** Replaces the grant of a parked turn with fresh material supplied on approval (section 5, rule 9). */
export async function replaceCallerGrant(
  tx: TTransaction,
  options: { turnId: string; callerCredentials: TCallerCredentials; suppliedById: string | null },
): Promise<void> {
  void tx;
  void options;
  throw new Error("not implemented");
}

/** Opens a turn's grant; null when the turn has none. */
export async function readCallerGrant(tx: TTransaction, turnId: string): Promise<TCallerGrant | null> {
  void tx;
  void turnId;
  throw new Error("not implemented");
}

/** Deletes the grant when the turn settles (completed or failed). */
export async function deleteCallerGrant(tx: TTransaction, turnId: string): Promise<void> {
  void tx;
  void turnId;
  throw new Error("not implemented");
}

export type TCredentialDecision =
  | { ok: true; identity: "caller" | "service"; credential: TToolCredential }
  | { ok: false; code: "CALLER_CREDENTIALS_REQUIRED" | "CALLER_CREDENTIAL_EXPIRED"; message: string };

/**
 * Section 5 resolution for one tool call: binding policy x fallbackAllowed, caller material
 * when sent (field names the integration does not declare dropped), the organization's
 * connection in the domain otherwise, expiry refusal with no fallback.
 */
export async function resolveToolCredential(options: {
  orgId: string;
  domainId: string;
  integration: TIntegrationDefinition;
  identityMode: TIdentityMode;
  grant: TCallerGrant | null;
  now: Date;
}): Promise<TCredentialDecision> {
  void options;
  throw new Error("not implemented");
}

/** Whether a call with this binding would run on caller material (decides user-routed approvals). */
export function usesCallerMaterial(identityMode: TIdentityMode, grant: TCallerGrant | null, integrationId: string): boolean {
  void identityMode;
  void grant;
  void integrationId;
  throw new Error("not implemented");
}
