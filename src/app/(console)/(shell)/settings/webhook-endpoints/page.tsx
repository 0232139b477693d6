import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { PageHeader } from "@/components/ui/page-header";
import { WebhookEndpointsView } from "@/components/webhook-endpoints/webhook-endpoints-view";

export const metadata: Metadata = { title: "Webhook endpoints" };

/** Owners and Admins only (the service refuses others; the view shows why). */
export default async function WebhookEndpointsPage() {
  const { organization } = await requireOrganization();
  return (
    <>
      <PageHeader
        title="Webhook endpoints"
        description={`Where ${organization.name}'s product hears that sessions' turns and flow runs settled: signed, retried until answered.`}
      />
      <WebhookEndpointsView />
    </>
  );
}
