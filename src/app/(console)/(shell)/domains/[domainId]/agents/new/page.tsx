import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { NewAgentForm } from "@/components/agents/new-agent-form";
import { BackLink } from "@/components/authoring/back-link";
import { NotAllowed } from "@/components/authoring/not-allowed";
import { canEditAutomation } from "@/components/authoring/permissions";
import { PageHeader } from "@/components/ui/page-header";
import authoring from "@/components/authoring/authoring.module.css";
import { requireDomain } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "New agent" };

export default async function NewAgentPage({ params }: { params: Promise<{ domainId: string }> }) {
  await requireOrganization();
  const { domain } = await requireDomain((await params).domainId);
  return (
    <div className={authoring.narrow}>
      <BackLink href={`/domains/${domain.id}/agents`}>Agents</BackLink>
      <PageHeader title="New agent" description={`A draft agent in ${domain.name}.`} />
      {canEditAutomation(domain.myRole) ? (
        <NewAgentForm domainId={domain.id} domainName={domain.name} />
      ) : (
        <NotAllowed>
          Your role in {domain.name} does not allow creating agents. Editors and owners of the domain can.
        </NotAllowed>
      )}
    </div>
  );
}
