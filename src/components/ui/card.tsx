import type { ReactNode } from "react";
import styles from "./ui.module.css";

type TCardProps = {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Content that brings its own padding (tables, lists). */
  flush?: boolean;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
};

export function Card({ title, description, actions, flush = false, className, children, ...rest }: TCardProps) {
  return (
    <section className={`${styles.card} ${className ?? ""}`} {...rest}>
      {title ? (
        <header className={styles.cardHeader}>
          <div>
            <h2 className={styles.cardTitle}>{title}</h2>
            {description ? <p className={styles.cardDescription}>{description}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      {flush ? children : <div className={styles.cardBody}>{children}</div>}
    </section>
  );
}
