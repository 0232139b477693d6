"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/client/trpc";
import { CONSOLE_REFUSES_CALLER_CREDENTIALS } from "@/contracts/common/console-run";
import type { TRunFlowRequest } from "@/contracts/flows/runs";
import { RunActions } from "@/components/authoring/run-actions";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Card } from "@/components/ui/card";
import authoring from "@/components/authoring/authoring.module.css";

/** Parses the input box: a JSON object, or a message saying what is wrong. */
function parseInput(text: string): { ok: true; input: TRunFlowRequest["input"] } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() || "{}");
  } catch (error) {
    return { ok: false, message: `The input is not valid JSON: ${(error as Error).message}` };
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, message: "The input must be a JSON object, e.g. {}." };
  if (Object.hasOwn(value, "callerCredentials")) {
    return { ok: false, message: CONSOLE_REFUSES_CALLER_CREDENTIALS };
  }
  return { ok: true, input: value as TRunFlowRequest["input"] };
}

/**
 * Run and Test run by hand, as you, never with caller credentials (spec 5 rule 7): Run starts
 * the newest published revision, Test run the saved draft (validated as publish validates it)
 * for editors. The input is a JSON object checked against the flow's input schema by the
 * server. Opens the run's session, which shows each step's result.
 */
export function FlowRunPanel({
  flowId,
  publishedRevision,
  canTestRun,
}: {
  flowId: string;
  publishedRevision: number | null;
  canTestRun: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [text, setText] = useState("{}");
  const [error, setError] = useState<string | null>(null);
  const open = { onSuccess: (started: { sessionId: string }) => router.push(`/sessions/${started.sessionId}`) };
  const run = useMutation(trpc.flows.run.mutationOptions(open));
  const testRun = useMutation(trpc.flows.testRun.mutationOptions(open));

  function start(which: "run" | "test") {
    const parsed = parseInput(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    (which === "run" ? run : testRun).mutate({ id: flowId, input: parsed.input });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    start("run");
  }

  if (publishedRevision === null && !canTestRun) {
    return (
      <Card title="Run">
        <p className={authoring.loading}>Publish the flow to run it.</p>
      </Card>
    );
  }
  const runs =
    publishedRevision === null
      ? "Publish the flow to run it; Test run tries the saved draft."
      : `Run starts revision ${publishedRevision}${canTestRun ? "; Test run tries the saved draft" : ""}.`;
  return (
    <Card title="Run" description={`${runs} Runs are yours and use the organization's connections.`}>
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight} data-testid="flow-run-form">
        <TextAreaField
          label="Input (JSON object)"
          name="input"
          value={text}
          rows={5}
          monospace
          error={error}
          onChange={(event) => setText(event.target.value)}
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
