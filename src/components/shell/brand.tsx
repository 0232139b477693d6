import Link from "next/link";
import styles from "./shell.module.css";

export function Brand({ href = "/" }: { href?: string }) {
  return (
    <Link href={href} className={styles.brand} aria-label="Agent Automation Service, home">
      <span className={styles.brandMark} aria-hidden="true">
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.4}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M4 17 10 7l4 6 2-3 4 7" />
        </svg>
      </span>
      <span className={styles.brandName}>Agent Automation</span>
    </Link>
  );
}
