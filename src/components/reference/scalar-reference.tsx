"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useMemo } from "react";

/**
 * The machine is offline and the console must never call third parties: no web fonts, no
 * telemetry, no hosted proxy or API client ("Test request"), no AI agent or MCP panel, no
 * developer toolbar. The document comes from this service's own openapi.json.
 */
const OFFLINE = {
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  hideDarkModeToggle: true,
  forceDarkModeState: "light",
  showDeveloperTools: "never",
  documentDownloadType: "none",
  agent: { disabled: true },
  mcp: { disabled: true },
  layout: "modern",
  theme: "default",
  defaultOpenFirstTag: true,
  customCss: `
    .scalar-app {
      --scalar-font: var(--font-sans);
      --scalar-font-code: var(--font-mono);
      --scalar-color-accent: var(--color-brand);
      /* Our sticky top bar: keeps Scalar's sticky sidebar and anchor jumps below it. */
      --scalar-custom-header-height: var(--topbar-height);
    }
  `,
} as const;

export default function ScalarReference({ url }: { url: string }) {
  const configuration = useMemo(() => ({ ...OFFLINE, url }), [url]);
  return <ApiReferenceReact configuration={configuration} />;
}
