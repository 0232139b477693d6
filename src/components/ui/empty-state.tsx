import type { ReactNode } from "react";
import styles from "./feedback.module.css";

/** A title, one sentence that says what to do next, and optionally the action itself. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      {icon ? (
        <div className={styles.emptyIcon} aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h3 className={styles.emptyTitle}>{title}</h3>
      <p className={styles.emptyText}>{children}</p>
      {action ? <div className={styles.emptyAction}>{action}</div> : null}
    </div>
  );
}
