"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Button } from "@/components/ui/button";
import styles from "./sessions.module.css";

/** Pick a published agent you may run and send the first message of a personal chat. */
export function ChatStart() {
  const trpc = useTRPC();
  const router = useRouter();
  const agents = useQuery(trpc.sessionConsole.chatAgents.queryOptions({}));
  const [agentId, setAgentId] = useState("");
  const [message, setMessage] = useState("");
  const open = useMutation(
    trpc.sessionConsole.openChat.mutationOptions({ onSuccess: ({ sessionId }) => router.push(`/chat/${sessionId}`) }),
  );
  if (agents.isError) return <Alert tone="error">{errorMessage(agents.error)}</Alert>;
  const list = agents.data?.agents;
  if (list && list.length === 0) {
    return (
      <Card>
        <EmptyState title="No agent to chat with">
          Chats need a published agent in a domain where your role may run agents (Operator, Editor or Owner).
        </EmptyState>
      </Card>
    );
  }
  const chosen = agentId || list?.[0]?.id || "";
  return (
    <Card
      title="New chat"
      description="A personal chat: only you can see it. It runs with your organization's connections."
    >
      <form
        className={styles.approval}
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen && message.trim()) open.mutate({ automationId: chosen, message: message.trim() });
        }}
      >
        <SelectField label="Agent" value={chosen} onChange={(event) => setAgentId(event.target.value)}>
          {(list ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name} ({agent.domain.name})
            </option>
          ))}
        </SelectField>
        <textarea
          aria-label="First message"
          placeholder="Write the first message"
          maxLength={8000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        {open.isError ? <Alert tone="error">{errorMessage(open.error)}</Alert> : null}
        <div className={styles.row}>
          <Button type="submit" variant="primary" busy={open.isPending} disabled={!chosen || !message.trim()}>
            Start chat
          </Button>
        </div>
      </form>
    </Card>
  );
}
