import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { ApprovalsInbox } from "@/components/approvals/approvals-inbox";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage() {
  await requireOrganization();
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Tool calls paused for a decision that you may take, across your domains. Open one to see the call and approve or reject it."
      />
      <ApprovalsInbox />
    </>
  );
}
