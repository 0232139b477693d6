import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getQueryClient } from "@/app/_lib/server-trpc";
import { requireViewer } from "@/app/_lib/viewer";
import { OrgPicker } from "@/components/orgs/org-picker";
import { CenteredLayout } from "@/components/shell/centered-layout";

export const metadata: Metadata = { title: "Choose an organization" };

/** Signed in is enough here: this is where a session without an organization lands. */
export default async function OrganizationsPage() {
  const viewer = await requireViewer();
  return (
    <CenteredLayout email={viewer.user.email} name={viewer.user.name}>
      <HydrationBoundary state={dehydrate(getQueryClient())}>
        <OrgPicker />
      </HydrationBoundary>
    </CenteredLayout>
  );
}
