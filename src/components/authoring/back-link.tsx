import Link from "next/link";
import styles from "./authoring.module.css";

/** "← Agents": the way up from a detail page, above its title. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className={styles.backLink}>
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
