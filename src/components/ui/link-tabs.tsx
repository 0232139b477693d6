import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./link-tabs.module.css";

export type TLinkTab = { href: string; label: string; current: boolean };

/** Sibling pages as tabs that are ordinary links; `aside` sits at the row's right end. */
export function LinkTabs({ label, tabs, aside }: { label: string; tabs: TLinkTab[]; aside?: ReactNode }) {
  return (
    <div className={styles.row}>
      <nav className={styles.tabs} aria-label={label}>
        {tabs.map((tab) => (
          <Link
            key={tab.href}
            href={tab.href}
            className={`${styles.tab} ${tab.current ? styles.tabActive : ""}`}
            aria-current={tab.current ? "page" : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {aside}
    </div>
  );
}
