import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { NotAllowed } from "@/components/authoring/not-allowed";
import { canEditAutomation } from "@/components/authoring/permissions";
import { NewFlowForm } from "@/components/flows/new-flow-form";
import { PageHeader } from "@/components/ui/page-header";
import authoring from "@/components/authoring/authoring.module.css";
import { requireDomain } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "New flow" };

export default async function NewFlowPage({ searchParams }: { searchParams: Promise<{ domain?: string }> }) {
  await requireOrganization();
  const { domain: domainId } = await searchParams;
  if (!domainId) notFound();
  const { domain } = await requireDomain(domainId);
  return (
    <div className={authoring.narrow}>
      <BackLink href={`/flows?domain=${domain.id}`}>Flows</BackLink>
      <PageHeader title="New flow" description={`A draft flow in ${domain.name}.`} />
      {canEditAutomation(domain.myRole) ? (
        <NewFlowForm domainId={domain.id} domainName={domain.name} />
      ) : (
        <NotAllowed>
          Your role in {domain.name} does not allow creating flows. Editors and owners of the domain can.
        </NotAllowed>
      )}
    </div>
  );
}
