import { LinkTabs } from "@/components/ui/link-tabs";
import styles from "./reference.module.css";

export type TReferenceSurface = "v1" | "partner";

const TABS: Array<{ surface: TReferenceSurface; label: string }> = [
  { surface: "v1", label: "Customer API · v1" },
  { surface: "partner", label: "Partner API · v1" },
];

/** Where each reference lives: in the console (signed in) and in public, for developers without an account. */
export const REFERENCE_BASE = { console: "/reference", public: "/api-docs" } as const;

export const OPENAPI_URL: Record<TReferenceSurface, string> = {
  v1: "/api/v1/openapi.json",
  partner: "/api/partner/v1/openapi.json",
};

/** Switches between the two documents and links the raw OpenAPI file of the one shown. */
export function ReferenceTabs({
  current,
  base = REFERENCE_BASE.console,
}: {
  current: TReferenceSurface;
  base?: (typeof REFERENCE_BASE)[keyof typeof REFERENCE_BASE];
}) {
  return (
    <LinkTabs
      label="API documents"
      tabs={TABS.map((tab) => ({ href: `${base}/${tab.surface}`, label: tab.label, current: tab.surface === current }))}
      aside={
        <a className={styles.download} href={OPENAPI_URL[current]} target="_blank" rel="noreferrer">
          openapi.json
        </a>
      }
    />
  );
}
