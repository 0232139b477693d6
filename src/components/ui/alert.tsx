import type { ReactNode } from "react";
import styles from "./feedback.module.css";

/** Errors are announced at once (role=alert); other tones politely (role=status). */
export function Alert({
  tone,
  title,
  children,
}: {
  tone: "error" | "warning" | "success";
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.alert} ${styles[`alert-${tone}`]}`} role={tone === "error" ? "alert" : "status"}>
      <div>
        {title ? <p className={styles.alertTitle}>{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
