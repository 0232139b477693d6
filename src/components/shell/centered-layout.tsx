import type { ReactNode } from "react";
import { Brand } from "./brand";
import { SignOutButton } from "./sign-out-button";
import { UserBadge } from "./user-badge";
import styles from "./centered.module.css";

/** For pages outside an organization: a slim header and one centered column. */
export function CenteredLayout({ email, name, children }: { email?: string; name?: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Brand href={email ? "/orgs" : "/signin"} />
        {email && name ? (
          <div className={styles.headerEnd}>
            <UserBadge email={email} name={name} />
            <SignOutButton />
          </div>
        ) : null}
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
