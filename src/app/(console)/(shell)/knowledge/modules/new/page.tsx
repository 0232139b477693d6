import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { NotAllowed } from "@/components/authoring/not-allowed";
import { canManageKnowledge, isOrgAdmin } from "@/components/authoring/permissions";
import { NewModuleForm } from "@/components/knowledge/new-module-form";
import { PageHeader } from "@/components/ui/page-header";
import authoring from "@/components/authoring/authoring.module.css";
import { loadDomains } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "New knowledge module" };

export default async function NewModulePage() {
  const { organization } = await requireOrganization();
  const domains = (await loadDomains())
    .filter((domain) => canManageKnowledge(domain.myRole))
    .map(({ id, name }) => ({ id, name }));
  const canCreateOrgModule = isOrgAdmin(organization.role);
  return (
    <div className={authoring.narrow}>
      <BackLink href="/knowledge/modules">Modules</BackLink>
      <PageHeader
        title="New module"
        description="A module groups published articles so that agents can search exactly those."
      />
      {domains.length || canCreateOrgModule ? (
        <NewModuleForm domains={domains} canCreateOrgModule={canCreateOrgModule} />
      ) : (
        <NotAllowed>
          Domain modules need the Owner or Editor role in a domain; organization modules need an organization owner or
          admin.
        </NotAllowed>
      )}
    </div>
  );
}
