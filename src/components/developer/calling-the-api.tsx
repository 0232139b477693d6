import Link from "next/link";
import { Card } from "@/components/ui/card";
import { BookIcon, KeyIcon } from "@/components/ui/icons";
import styles from "./developer.module.css";

/** Where to go next: long-lived keys and the reference. */
export function CallingTheApi() {
  return (
    <div className={styles.stack} style={{ marginTop: 24 }}>
      <Card title="Other ways to call the API">
        <div className={styles.options}>
          <div className={styles.option}>
            <p className={styles.optionTitle}>
              <KeyIcon /> Personal API keys
            </p>
            <p className={styles.optionText}>
              Keys (yk_…) last until you revoke them. Use them for servers and scheduled jobs.
            </p>
            <Link className={styles.optionLink} href="/settings/api-keys">
              Manage API keys →
            </Link>
          </div>
          <div className={styles.option}>
            <p className={styles.optionTitle}>
              <BookIcon /> API reference
            </p>
            <p className={styles.optionText}>
              Every route, its parameters, responses and error codes, generated from the service itself.
            </p>
            <Link className={styles.optionLink} href="/reference/v1">
              Open the reference →
            </Link>
          </div>
        </div>
      </Card>
    </div>
  );
}
