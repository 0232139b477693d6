"use client";

import { useLinkStatus } from "next/link";
import styles from "./shell.module.css";

/**
 * Inside a nav Link: a spinner while the link's navigation is pending, the console's loading
 * indicator (a route-level loading.tsx would stream a 200 before a page can answer not found).
 */
export function NavPending() {
  const { pending } = useLinkStatus();
  return pending ? <span className={styles.navPending} aria-hidden="true" /> : null;
}
