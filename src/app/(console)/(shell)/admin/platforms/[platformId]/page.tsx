import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { PlatformDetail } from "@/components/admin/platform-detail";
import { BackLink } from "@/components/authoring/back-link";
import { findAppError } from "@/server/errors";
import { requireOperator } from "@/app/(console)/(shell)/admin/_lib/require-operator";

type TParams = { params: Promise<{ platformId: string }> };

export const metadata: Metadata = { title: "Partner platform" };

export default async function PlatformPage({ params }: TParams) {
  await requireOperator();
  const { platformId } = await params;
  if (!z.uuid().safeParse(platformId).success) notFound();
  const queryClient = getQueryClient();
  try {
    await queryClient.fetchQuery(trpcServer.admin.getPlatform.queryOptions({ platformId }));
  } catch (error) {
    if (findAppError(error)?.code === "NOT_FOUND") notFound();
    throw error;
  }
  await Promise.all([
    queryClient.prefetchQuery(trpcServer.admin.listPartnerKeys.queryOptions({ platformId })),
    queryClient.prefetchQuery(trpcServer.admin.listPartnerApps.queryOptions({ platformId })),
    queryClient.prefetchQuery(trpcServer.admin.listTemplates.queryOptions({ platformId })),
    queryClient.prefetchQuery(trpcServer.admin.listFollowers.queryOptions({ platformId })),
    queryClient.prefetchQuery(trpcServer.admin.listOrganizations.queryOptions()),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <BackLink href="/admin">Partner platforms</BackLink>
      <PlatformDetail platformId={platformId} />
    </HydrationBoundary>
  );
}
