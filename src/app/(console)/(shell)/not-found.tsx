import type { Metadata } from "next";
import { ButtonLink } from "@/components/authoring/button-link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Not found" };

/**
 * A console page that names something this organization does not have (an agent, a domain, a
 * session id): inside the shell, so the navigation stays, with the way back to the Overview.
 */
export default function ShellNotFound() {
  return (
    <>
      <PageHeader title="Not found" />
      <Card>
        <EmptyState
          title="There is nothing at this address"
          action={
            <ButtonLink href="/" variant="primary">
              Go to the Overview
            </ButtonLink>
          }
        >
          It may have been deleted, it may belong to another organization, or the address may be mistyped.
        </EmptyState>
      </Card>
    </>
  );
}
