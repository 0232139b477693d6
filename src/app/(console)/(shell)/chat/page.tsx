import type { Metadata } from "next";
import { requireOrganization } from "@/app/_lib/viewer";
import { ChatStart } from "@/components/sessions/chat-start";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Chat" };

export default async function ChatPage() {
  await requireOrganization();
  return (
    <>
      <PageHeader title="Chat" description="Talk to a published agent. Your chats are personal: nobody else sees them." />
      <ChatStart />
    </>
  );
}
