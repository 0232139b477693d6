"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import styles from "./sessions.module.css";

/** Sends the next message; the reply streams into the transcript. */
export function Composer({
  sessionId,
  busy,
  waitingForApproval = false,
}: {
  sessionId: string;
  busy: boolean;
  waitingForApproval?: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState("");
  const post = useMutation(
    trpc.sessionConsole.postMessage.mutationOptions({
      onSuccess: () => {
        setMessage("");
        return queryClient.invalidateQueries({ queryKey: trpc.sessionConsole.get.queryKey({ sessionId }) });
      },
    }),
  );
  const submit = () => message.trim() && post.mutate({ sessionId, message: message.trim() });
  return (
    <div>
      {post.isError ? <Alert tone="error">{errorMessage(post.error)}</Alert> : null}
      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <textarea
          aria-label="Message"
          placeholder={
            waitingForApproval
              ? "Waiting for the approval decision above…"
              : busy
                ? "The agent is still working…"
                : "Write a message"
          }
          maxLength={8000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button type="submit" variant="primary" busy={post.isPending} disabled={busy || !message.trim()}>
          Send
        </Button>
      </form>
    </div>
  );
}
