import type { TDomainRole, TOrgRole } from "@/components/roles";

/**
 * What the console offers, mirroring the server's role table (src/server/auth/permissions.ts).
 * Only a hint for the UI: the server checks every call again.
 */
export function canEditAutomation(role: TDomainRole | null): boolean {
  return role === "OWNER" || role === "EDITOR";
}

/** Domain knowledge follows the same roles as automation editing. */
export const canManageKnowledge = canEditAutomation;

export function isOrgAdmin(role: TOrgRole): boolean {
  return role === "OWNER" || role === "ADMIN";
}

/** Running automations by hand (the server's `execute`): Owners, Editors and Operators. */
export function canRunFlow(role: TDomainRole | null): boolean {
  return role === "OWNER" || role === "EDITOR" || role === "OPERATOR";
}
