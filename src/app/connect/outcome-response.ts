import type { TBrowserOutcome } from "@/server/services/assistant/connections/browser-outcome";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A connect-flow outcome as the browser gets it: a 302, or a small self-contained page. Never
 * cached, never framed, and no Referer leaves it (the path of /connect/<token> is a secret).
 */
export function outcomeResponse(outcome: TBrowserOutcome): Response {
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY" };
  if (outcome.kind === "redirect")
    return new Response(null, { status: 302, headers: { ...headers, Location: outcome.location } });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(outcome.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style></head>
<body><main><h1>${escapeHtml(outcome.title)}</h1><p>${escapeHtml(outcome.message)}</p></main></body></html>`;
  return new Response(html, {
    status: outcome.status,
    headers: {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
