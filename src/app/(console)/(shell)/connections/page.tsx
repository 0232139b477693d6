import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requireOrganization } from "@/app/_lib/viewer";
import { NoDomains } from "@/components/authoring/no-domains";
import { PageHeader } from "@/components/ui/page-header";
import { defaultDomainId } from "@/app/(console)/(shell)/_authoring/domains";

export const metadata: Metadata = { title: "Connections" };

/** Connections belong to domains: open the first domain the person belongs to. */
export default async function ConnectionsIndexPage() {
  await requireOrganization();
  const domainId = await defaultDomainId();
  if (domainId) redirect(`/domains/${domainId}/connections`);
  return (
    <>
      <PageHeader title="Connections" />
      <NoDomains />
    </>
  );
}
