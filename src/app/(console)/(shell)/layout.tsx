import type { ReactNode } from "react";
import { requireOrganization } from "@/app/_lib/viewer";
import { AppShell } from "@/components/shell/app-shell";

/** The console proper: signed in with an organization selected, else sign-in or /orgs. */
export default async function ShellLayout({ children }: { children: ReactNode }) {
  const viewer = await requireOrganization();
  return (
    <AppShell
      email={viewer.user.email}
      name={viewer.user.name}
      organizations={viewer.organizations.map(({ id, name }) => ({ id, name }))}
      selectedOrganizationId={viewer.selectedOrganizationId}
      isInstanceOperator={viewer.user.isInstanceOperator}
      hasPartner={viewer.organizations.some(
        (organization) => organization.id === viewer.selectedOrganizationId && organization.hasPartner,
      )}
    >
      {children}
    </AppShell>
  );
}
