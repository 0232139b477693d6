import { redirect } from "next/navigation";

/** A domain's home is its agents. */
export default async function DomainPage({ params }: { params: Promise<{ domainId: string }> }) {
  redirect(`/domains/${(await params).domainId}/agents`);
}
