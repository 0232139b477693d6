"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { CallerCredentialsNote } from "@/components/automations/caller-credentials-note";
import { agentCurl, useOrigin } from "@/components/automations/ready-call";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import styles from "./overview.module.css";

function Step({ n, done, title, children }: { n: number; done: boolean; title: string; children: ReactNode }) {
  return (
    <li className={styles.step} data-done={done} aria-label={`Step ${n}: ${title}${done ? " (done)" : ""}`}>
      <span className={styles.stepMark} aria-hidden="true">
        {done ? "✓" : n}
      </span>
      <div className={styles.stepBody}>
        <p className={styles.stepTitle}>
          {title}
          {done ? <span className={styles.stepDone}> · done</span> : null}
        </p>
        {children}
      </div>
    </li>
  );
}

/**
 * The way in for a new organization: a key, a published agent, a call with the real ids, the
 * session to watch. Every tick comes from the service's state, so it is true on any device.
 */
export function GettingStarted() {
  const trpc = useTRPC();
  const origin = useOrigin();
  const state = useQuery(trpc.sessionConsole.gettingStarted.queryOptions({}));
  if (state.isError)
    return (
      <Alert tone="error" title="First steps could not be loaded">
        {errorMessage(state.error)}
      </Alert>
    );
  const s = state.data;
  if (!s) return null;
  const done = [s.activeKeys > 0, s.publishedAgents > 0, s.apiSessions > 0, s.completedRuns > 0 && s.apiSessions > 0];
  const count = done.filter(Boolean).length;
  return (
    <Card
      title="Get started"
      description={
        count === 4 ? "All four steps are done: your agents answer through the API." : `${count} of 4 steps done.`
      }
    >
      <ol className={styles.steps} aria-label="Getting started">
        <Step n={1} done={done[0]!} title="Create a personal API key">
          <p>Keys (yk_…) act as you. The secret is shown once: keep it in SERVICE_API_KEY.</p>
          <Link href="/settings/api-keys">
            {s.activeKeys > 0
              ? `You have ${s.activeKeys} active key${s.activeKeys === 1 ? "" : "s"} →`
              : "Create a key →"}
          </Link>
        </Step>
        <Step n={2} done={done[1]!} title="Create and publish an agent">
          <p>An agent runs its published revision; the draft is yours to change until you publish.</p>
          {s.agent ? (
            <Link href={`/domains/${s.agent.domainId}/agents/${s.agent.id}`}>Open “{s.agent.name}” →</Link>
          ) : s.editableDomainId ? (
            <Link href={`/domains/${s.editableDomainId}/agents/new`}>Create an agent →</Link>
          ) : (
            <p>Ask a domain Owner or Editor to add you to a domain where you can create agents.</p>
          )}
        </Step>
        <Step n={3} done={done[2]!} title="Call it">
          {s.agent ? (
            <>
              <CodeBlock value={agentCurl(origin, s.agent.id, s.agent.callerRequiredIntegrations)} label="Ready call" />
              <CallerCredentialsNote integrations={s.agent.callerRequiredIntegrations} />
            </>
          ) : (
            <p>Once an agent is published, its ready call appears here.</p>
          )}
        </Step>
        <Step n={4} done={done[3]!} title="Watch the session">
          <p>Every run is a session: the transcript, tool calls, approvals and how it ended.</p>
          {s.latestApiSessionId ? (
            <Link href={`/sessions/${s.latestApiSessionId}`}>Open the session you started →</Link>
          ) : (
            <Link href="/sessions">Run history →</Link>
          )}
        </Step>
      </ol>
    </Card>
  );
}
