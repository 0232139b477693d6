/** Built-in integration ids start with `service.` (spec conventions); the rest are the organization's own. */
export const isBuiltIn = (integrationId: string) => integrationId.startsWith("service.");

export const integrationHref = (integrationId: string) => `/integrations/${encodeURIComponent(integrationId)}`;

/** The search input as the page prefetches it and the browser asks for it (same query key). */
export const listInput = (term: string) => (term.trim() ? { q: term.trim() } : {});
