import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { SessionsList } from "@/components/sessions/sessions-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Sessions" };

export default async function SessionsPage() {
  await requireOrganization();
  return (
    <>
      <PageHeader
        title="Sessions"
        description="Runs of the agents in your domains, and your own chats. Open one to follow it live, decide approvals and manage it."
      />
      <SessionsList />
    </>
  );
}
