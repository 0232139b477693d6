import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { BackLink } from "@/components/authoring/back-link";
import { SessionTitle } from "@/components/sessions/session-title";
import { SessionView } from "@/components/sessions/session-view";

export const metadata: Metadata = { title: "Chat" };

type TParams = { params: Promise<{ sessionId: string }> };

export default async function ChatSessionPage({ params }: TParams) {
  await requireOrganization();
  const { sessionId } = await params;
  return (
    <>
      <BackLink href="/chat">New chat</BackLink>
      <SessionTitle sessionId={sessionId} />
      <SessionView sessionId={sessionId} afterDelete="/chat" />
    </>
  );
}
