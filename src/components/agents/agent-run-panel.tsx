"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/client/trpc";
import { RunActions } from "@/components/authoring/run-actions";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Card } from "@/components/ui/card";
import authoring from "@/components/authoring/authoring.module.css";

type TProps = { agentId: string; publishedRevision: number | null; canRun: boolean; canTestRun: boolean };

/**
 * Run and Test run by hand: a domain session as you, with the organization's connections and
 * never caller credentials (spec 5 rule 7). Run uses the newest published revision, Test run
 * the saved draft (verified as publish verifies it). Opens the new session.
 */
export function AgentRunPanel({ agentId, publishedRevision, canRun, canTestRun }: TProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const open = { onSuccess: (started: { sessionId: string }) => router.push(`/sessions/${started.sessionId}`) };
  const run = useMutation(trpc.agents.run.mutationOptions(open));
  const testRun = useMutation(trpc.agents.testRun.mutationOptions(open));
  if (!canRun) return null;
  if (publishedRevision === null && !canTestRun) {
    return (
      <Card title="Run">
        <p className={authoring.loading}>Publish the agent to run it.</p>
      </Card>
    );
  }

  function start(which: "run" | "test") {
    if (!message.trim()) {
      setError("Type the message the agent should answer.");
      return;
    }
    setError(null);
    (which === "run" ? run : testRun).mutate({ id: agentId, message });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    start(publishedRevision === null ? "test" : "run");
  }

  const what =
    publishedRevision === null
      ? "Publish the agent to run it; Test run tries the saved draft."
      : `Run starts a session on revision ${publishedRevision}${canTestRun ? "; Test run tries the saved draft" : ""}.`;
  return (
    <Card title="Run" description={`${what} Sessions are yours and use the organization's connections.`}>
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight} data-testid="agent-run-form">
        <TextAreaField
          label="Message"
          name="message"
          value={message}
          rows={3}
          error={error}
          onChange={(event) => setMessage(event.target.value)}
        />
        <RunActions
          published={publishedRevision !== null}
          canTestRun={canTestRun}
          run={run}
          testRun={testRun}
          onTestRun={() => start("test")}
        />
      </form>
    </Card>
  );
}
