/**
 * Integrations that take no organization credential: they need no connection and always bind as
 * `service`. The integration list does not say which integrations take credentials, so the
 * built-ins of that kind are named here (custom integrations always take a token): knowledge
 * search, and the mail and calendar tools, which act with an assistant worker's own connection.
 */
export const CREDENTIAL_FREE_INTEGRATIONS: ReadonlySet<string> = new Set([
  "service.knowledge",
  "service.mail",
  "service.calendar",
]);
