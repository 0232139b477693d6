import type { Metadata } from "next";
import Link from "next/link";
import { requireOrganization } from "@/app/_lib/viewer";
import { NotMember } from "@/components/authoring/not-member";
import { AutomationRuns } from "@/components/triggers/automation-runs";
import { PageHeader } from "@/components/ui/page-header";
import { requireDomain } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "Trigger runs" };

/** Run history per agent or flow: the firings that reached it (linked from a trigger's history). */
export default async function AutomationRunsPage({
  params,
}: {
  params: Promise<{ domainId: string; automationId: string }>;
}) {
  await requireOrganization();
  const { domainId, automationId } = await params;
  const { domain } = await requireDomain(domainId);
  return (
    <>
      <PageHeader
        title="Trigger runs"
        description={`Firings that reached one of ${domain.name}'s agents or flows.`}
        actions={<Link href={`/triggers/${domain.id}`}>Back to triggers</Link>}
      />
      {domain.myRole ? (
        <AutomationRuns automationId={automationId} />
      ) : (
        <NotMember domainName={domain.name} what="trigger runs" />
      )}
    </>
  );
}
