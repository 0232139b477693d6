import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { CallingTheApi } from "@/components/developer/calling-the-api";
import { TokenMinter } from "@/components/developer/token-minter";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Developer" };

export default async function DeveloperPage() {
  const { organization } = await requireOrganization();
  return (
    <>
      <PageHeader title="Developer" description="Credentials and examples for calling the Agent Automation API." />
      <TokenMinter organizationName={organization.name} />
      <CallingTheApi />
    </>
  );
}
