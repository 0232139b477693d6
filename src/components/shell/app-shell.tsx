import type { ReactNode } from "react";
import { Brand } from "./brand";
import { OrgSwitcher } from "./org-switcher";
import { SideNav } from "./side-nav";
import { SignOutButton } from "./sign-out-button";
import { UserBadge } from "./user-badge";
import styles from "./shell.module.css";

type TShellProps = {
  email: string;
  name: string;
  organizations: Array<{ id: string; name: string }>;
  selectedOrganizationId: string;
  /** Adds the Admin entry to the navigation. */
  isInstanceOperator?: boolean;
  /** The selected organization is a partner's customer: Settings shows Partner. */
  hasPartner?: boolean;
  children: ReactNode;
};

/** Top bar (organization, person, sign out), left navigation, and the page. */
export function AppShell({
  email,
  name,
  organizations,
  selectedOrganizationId,
  isInstanceOperator = false,
  hasPartner = false,
  children,
}: TShellProps) {
  return (
    <div className={styles.shell}>
      <header className={styles.topBar}>
        <div className={styles.topBarStart}>
          <Brand />
          <span className={styles.divider} aria-hidden="true" />
          <OrgSwitcher organizations={organizations} selectedId={selectedOrganizationId} />
        </div>
        <div className={styles.topBarEnd}>
          <UserBadge email={email} name={name} />
          <SignOutButton />
        </div>
      </header>
      <div className={styles.body}>
        <SideNav isInstanceOperator={isInstanceOperator} hasPartner={hasPartner} />
        <main className={styles.main} id="main">
          <div className={styles.content}>{children}</div>
        </main>
      </div>
    </div>
  );
}
