import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { ChangePasswordCard } from "@/components/account/change-password-card";
import { ProfileCard } from "@/components/account/profile-card";
import styles from "@/components/account/account.module.css";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const { user, organization } = await requireOrganization();
  return (
    <>
      <PageHeader
        title="Your account"
        description="Your name and your password, in every organization you belong to."
      />
      <div className={styles.stack}>
        <ProfileCard email={user.email} name={user.name} />
        <ChangePasswordCard email={user.email} orgId={organization.id} />
      </div>
    </>
  );
}
