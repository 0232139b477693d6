import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { SessionView } from "@/components/sessions/session-view";
import { SessionTitle } from "@/components/sessions/session-title";

export const metadata: Metadata = { title: "Session" };

type TParams = { params: Promise<{ sessionId: string }> };

export default async function SessionPage({ params }: TParams) {
  await requireOrganization();
  const { sessionId } = await params;
  return (
    <>
      <BackLink href="/sessions">Sessions</BackLink>
      <SessionTitle sessionId={sessionId} />
      <SessionView sessionId={sessionId} afterDelete="/sessions" />
    </>
  );
}
