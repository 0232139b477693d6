"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TRunFlowRequest } from "@/contracts/flows/runs";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
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
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, message: "The input must be a JSON object, e.g. {}." };
  if (Object.hasOwn(value, "callerCredentials")) {
    return { ok: false, message: "The console never takes caller credentials: remove callerCredentials. Runs from the console use the organization's connections." };
  }
  return { ok: true, input: value as TRunFlowRequest["input"] };
}

/**
 * Run / Test run by hand: the newest revision with an input JSON object (checked against the
 * flow's input schema by the server), as you, never with caller credentials (spec 5 rule 7).
 * Opens the run's session, which shows each step's result.
 */
export function FlowRunPanel({ flowId, publishedRevision }: { flowId: string; publishedRevision: number | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [text, setText] = useState("{}");
  const [error, setError] = useState<string | null>(null);
  const run = useMutation(trpc.flows.run.mutationOptions({ onSuccess: (started) => router.push(`/sessions/${started.sessionId}`) }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseInput(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    run.mutate({ id: flowId, input: parsed.input });
  }

  if (publishedRevision === null) {
    return (
      <Card title="Run">
        <p className={authoring.loading}>Publish the flow to run it.</p>
      </Card>
    );
  }
  return (
    <Card title="Run" description={`Starts revision ${publishedRevision} with this input, as you, using the organization's connections.`}>
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight} data-testid="flow-run-form">
        <TextAreaField label="Input (JSON object)" name="input" value={text} rows={5} monospace error={error} onChange={(event) => setText(event.target.value)} />
        {run.isError ? (
          <Alert tone="error" title="The run did not start">
            {errorMessage(run.error)}
          </Alert>
        ) : null}
        <div className={authoring.formActions}>
          <Button type="submit" variant="primary" busy={run.isPending || run.isSuccess}>
            Run flow
          </Button>
        </div>
      </form>
    </Card>
  );
}
