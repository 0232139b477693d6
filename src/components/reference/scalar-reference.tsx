"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useEffect, useMemo, useRef, type RefObject } from "react";

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
    /*
     * WCAG AA contrast (axe, e2e/console/accessibility.spec.ts): Scalar's light theme draws
     * secondary text, HTTP methods, "required" and code strings at 3.2-4.3:1. These shades keep
     * each hue and reach at least 4.5:1 on its white and grey (#f6f6f6, #ececec) backgrounds.
     * Set on .light-mode itself, where Scalar derives its sidebar colours from them.
     */
    .light-mode,
    .light-mode .scalar-app,
    .scalar-app .light-mode {
      --scalar-color-2: #475467 !important;
      --scalar-color-3: #5d6677 !important;
      --scalar-color-green: #007a4d !important;
      --scalar-color-blue: #0069ab !important;
      --scalar-color-orange: #b54708 !important;
      --scalar-color-red: #c4201a !important;
      --scalar-color-yellow: #8a6100 !important;
      --scalar-color-purple: #7a3fc4 !important;
      --scalar-color-accent: #4338ca !important;
    }
  `,
} as const;

/**
 * Scalar's code-block copy buttons are icon-only with no accessible name (axe: button-name,
 * critical). The configuration has no option for it, so the name is added as Scalar renders
 * them (it renders lazily while scrolling, hence the observer).
 */
function useNamedCopyButtons(root: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const name = () => {
      for (const button of element.querySelectorAll<HTMLButtonElement>(
        'button[class*="copy-button"]:not([aria-label])',
      )) {
        button.setAttribute("aria-label", "Copy code");
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
}

export default function ScalarReference({ url }: { url: string }) {
  const configuration = useMemo(() => ({ ...OFFLINE, url }), [url]);
  const root = useRef<HTMLDivElement>(null);
  useNamedCopyButtons(root);
  return (
    <div ref={root}>
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
