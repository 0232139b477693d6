import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { PageHeader } from "@/components/ui/page-header";
import { WebhookDeliveriesView } from "@/components/webhooks/webhook-deliveries-view";

export const metadata: Metadata = { title: "Webhook deliveries" };

/** Owners and Admins only (the service refuses others; the view shows why). */
export default async function WebhooksPage() {
  const { organization } = await requireOrganization();
  return (
    <>
      <PageHeader
        title="Webhook deliveries"
        description={`Assistant events sent to the webhook of ${organization.name}, with every attempt.`}
      />
      <WebhookDeliveriesView />
    </>
  );
}
