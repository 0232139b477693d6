"use client";

import { useLinkStatus } from "next/link";
import styles from "./shell.module.css";

/** The top bar and text a route shows while its page loads (the shell's loading.tsx). */
export function NavigationProgress() {
  return (
    <div role="status" aria-live="polite">
      <div className={styles.progress} aria-hidden="true" />
      <p className={styles.loadingText}>Loading…</p>
    </div>
  );
}

/** Inside a nav Link: a spinner while the link's navigation is pending (before the page's loading state shows). */
export function NavPending() {
  const { pending } = useLinkStatus();
  return pending ? <span className={styles.navPending} aria-hidden="true" /> : null;
}
