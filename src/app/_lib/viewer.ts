import { redirect } from "next/navigation";
import { cache } from "react";
import type { TGetMeResponse } from "@/contracts/tenancy/get-me";
import { findAppError } from "@/server/errors";
import { getQueryClient, trpcServer } from "./server-trpc";

export type TViewer = TGetMeResponse;
export type TOrganization = TGetMeResponse["organizations"][number];
export type TViewerInOrganization = TViewer & { selectedOrganizationId: string; organization: TOrganization };

/**
 * The signed-in person as the server sees them now (getMe re-reads user and membership), or
 * null when there is no valid session. Cached per request: layout and page share one read.
 */
export const loadViewer = cache(async (): Promise<TViewer | null> => {
  try {
    return await getQueryClient().fetchQuery(trpcServer.tenancy.getMe.queryOptions());
  } catch (error) {
    if (findAppError(error)?.code === "UNAUTHORIZED") return null;
    throw error;
  }
});

/** Guard for pages that need a signed-in person, organization or not (/orgs). */
export async function requireViewer(): Promise<TViewer> {
  const viewer = await loadViewer();
  if (!viewer) redirect("/signin");
  return viewer;
}

/** Guard for the console pages proper: signed in, with an organization they still belong to. */
export async function requireOrganization(): Promise<TViewerInOrganization> {
  const viewer = await requireViewer();
  const organization = viewer.organizations.find((candidate) => candidate.id === viewer.selectedOrganizationId);
  if (!viewer.selectedOrganizationId || !organization) redirect("/orgs");
  return { ...viewer, selectedOrganizationId: viewer.selectedOrganizationId, organization };
}
