"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { CONSOLE_REFUSES_CALLER_CREDENTIALS } from "@/contracts/common/console-run";
import type { TFireNowRequest, TFireNowResponse } from "@/contracts/triggers/fire-now";
import type { TTrigger } from "@/contracts/triggers/trigger";
import { TextAreaField } from "@/components/authoring/text-area-field";
import authoring from "@/components/authoring/authoring.module.css";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { OutcomeBadge, SessionLink } from "./run-history";

const SAMPLE_EVENT = JSON.stringify({ actor: { id: "user-1" }, payload: {} }, null, 2);

/** The box's JSON as the request's `input` (API) or `event` (event), or what is wrong with it. */
function bodyOf(
  trigger: TTrigger,
  text: string,
): { ok: true; body: Omit<TFireNowRequest, "triggerId"> } | { ok: false; message: string } {
  if (trigger.type === "schedule") return { ok: true, body: {} };
  let value: unknown;
  try {
    value = JSON.parse(text.trim() || "{}");
  } catch (error) {
    return { ok: false, message: `This is not valid JSON: ${(error as Error).message}` };
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, message: "Type a JSON object, e.g. {}." };
  if (Object.hasOwn(value, "callerCredentials")) return { ok: false, message: CONSOLE_REFUSES_CALLER_CREDENTIALS };
  return trigger.type === "api"
    ? { ok: true, body: { input: value as TFireNowRequest["input"] } }
    : { ok: true, body: { event: value as TFireNowRequest["event"] } };
}

function Results({ fired }: { fired: TFireNowResponse }) {
  if (fired.results.length === 0) return <p className={authoring.muted}>Fired; the trigger has no subscribers.</p>;
  return (
    <ul className={authoring.stackTight} aria-label="Fire now results">
      {fired.results.map((result) => (
        <li key={result.automationId}>
          {result.name ?? "Deleted automation"} <OutcomeBadge result={result} />{" "}
          {result.sessionId ? <SessionLink result={result} /> : null}
          {result.errorMessage ? <div className={authoring.muted}>{result.errorMessage}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Fire now": one manual firing of an active trigger, as you, without caller credentials (spec
 * 5 rule 7): a schedule with its stored input, an API trigger with the typed input, an event
 * trigger with a sample event (its filter is not applied). Shows each subscriber's result; the
 * firing joins the run history.
 */
export function FireNow({ trigger }: { trigger: TTrigger }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState(trigger.type === "event" ? SAMPLE_EVENT : "{}");
  const [error, setError] = useState<string | null>(null);
  const fire = useMutation(
    trpc.triggers.fireNow.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.triggers.history.queryKey() }),
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = bodyOf(trigger, text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    fire.mutate({ triggerId: trigger.id, ...parsed.body });
  }

  return (
    <form onSubmit={onSubmit} noValidate className={authoring.stackTight} aria-label={`Fire ${trigger.name} now`}>
      {trigger.type === "api" ? (
        <TextAreaField
          label="Input (JSON object)"
          name="input"
          value={text}
          rows={2}
          monospace
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
      ) : null}
      {trigger.type === "event" ? (
        <TextAreaField
          label="Sample event (JSON: actor?, occurredAt?, payload)"
          name="event"
          value={text}
          rows={3}
          monospace
          error={error}
          hint="Fire now does not apply the trigger's filter."
          onChange={(event) => setText(event.target.value)}
        />
      ) : null}
      {trigger.type === "schedule" ? (
        <p className={authoring.muted}>
          Fires once now with the schedule&apos;s input; the schedule itself is unchanged.
        </p>
      ) : null}
      {fire.isError ? (
        <Alert tone="error" title="The trigger did not fire">
          {errorMessage(fire.error)}
        </Alert>
      ) : null}
      {fire.data ? <Results fired={fire.data} /> : null}
      <div className={authoring.formActions}>
        <Button type="submit" variant="primary" size="small" busy={fire.isPending}>
          Fire now
        </Button>
      </div>
    </form>
  );
}
