/**
 * Integrations that take no credential: they need no connection and always bind as `service`.
 * The integration list does not say which integrations take credentials, so the one built-in
 * of that kind is named here (custom integrations always take a token).
 */
export const CREDENTIAL_FREE_INTEGRATIONS: ReadonlySet<string> = new Set(["service.knowledge"]);
