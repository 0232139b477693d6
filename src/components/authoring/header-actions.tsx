import type { ReactNode } from "react";
import styles from "./authoring.module.css";

/** Groups the controls at the right of a page header (domain picker, primary action). */
export function HeaderActions({ children }: { children: ReactNode }) {
  return <div className={styles.headerActions}>{children}</div>;
}
