import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { ChatStart } from "@/components/sessions/chat-start";
import { SessionsList } from "@/components/sessions/sessions-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Chat" };

export default async function ChatPage() {
  await requireOrganization();
  return (
    <>
      <PageHeader
        title="Chat"
        description="Talk to a published agent. Your chats are personal: nobody else sees them."
      />
      <ChatStart />
      <h2 style={{ margin: "28px 0 12px", fontSize: 16 }}>Your chats</h2>
      <SessionsList basePath="/chat" kind="personal" />
    </>
  );
}
