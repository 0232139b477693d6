import type { ReactNode } from "react";
import styles from "./feedback.module.css";

export type TBadgeTone = "neutral" | "brand" | "success" | "danger" | "muted";

export function Badge({
  tone = "neutral",
  dot = false,
  children,
}: {
  tone?: TBadgeTone;
  dot?: boolean;
  children: ReactNode;
}) {
  return (
    <span className={`${styles.badge} ${styles[`badge-${tone}`]}`}>
      {dot ? <span className={styles.dot} aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
