import { LinkTabs } from "@/components/ui/link-tabs";
import styles from "./reference.module.css";

export type TReferenceSurface = "v1" | "partner";

const TABS: Array<{ surface: TReferenceSurface; label: string; href: string }> = [
  { surface: "v1", label: "Customer API · v1", href: "/reference/v1" },
  { surface: "partner", label: "Partner API · v1", href: "/reference/partner" },
];

export const OPENAPI_URL: Record<TReferenceSurface, string> = {
  v1: "/api/v1/openapi.json",
  partner: "/api/partner/v1/openapi.json",
};

/** Switches between the two documents and links the raw OpenAPI file of the one shown. */
export function ReferenceTabs({ current }: { current: TReferenceSurface }) {
  return (
    <LinkTabs
      label="API documents"
      tabs={TABS.map((tab) => ({ href: tab.href, label: tab.label, current: tab.surface === current }))}
      aside={
        <a className={styles.download} href={OPENAPI_URL[current]} target="_blank" rel="noreferrer">
          openapi.json
        </a>
      }
    />
  );
}
