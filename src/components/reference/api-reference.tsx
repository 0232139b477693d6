"use client";

import dynamic from "next/dynamic";
import styles from "./reference.module.css";

// Scalar renders with Vue in the browser only; loading it on the server would touch `window`.
const ScalarReference = dynamic(() => import("./scalar-reference"), {
  ssr: false,
  loading: () => (
    <p className={styles.loading} role="status">
      Loading the reference…
    </p>
  ),
});

export function ApiReference({ url }: { url: string }) {
  return (
    <div className={styles.frame}>
      <ScalarReference url={url} />
    </div>
  );
}
