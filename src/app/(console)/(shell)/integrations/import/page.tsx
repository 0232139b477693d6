import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { NotAllowed } from "@/components/authoring/not-allowed";
import { isOrgAdmin } from "@/components/authoring/permissions";
import { ImportOpenApiForm } from "@/components/integrations/import-openapi-form";
import { PageHeader } from "@/components/ui/page-header";
import authoring from "@/components/authoring/authoring.module.css";

export const metadata: Metadata = { title: "Add an integration from OpenAPI" };

export default async function ImportIntegrationPage() {
  const { organization } = await requireOrganization();
  return (
    <div className={authoring.narrow}>
      <BackLink href="/integrations">Integrations</BackLink>
      <PageHeader
        title="Add from OpenAPI"
        description={`Turn an HTTP API's OpenAPI document into an integration every domain of ${organization.name} can use.`}
      />
      {isOrgAdmin(organization.role) ? (
        <ImportOpenApiForm />
      ) : (
        <NotAllowed>
          Only owners and admins of {organization.name} can add integrations. Ask one of them to import the document.
        </NotAllowed>
      )}
    </div>
  );
}
