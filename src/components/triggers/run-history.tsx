"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TFiringEntry, TFiringResultEntry, TSubscriberOutcome } from "@/contracts/triggers/run-history";
import authoring from "@/components/authoring/authoring.module.css";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import table from "@/components/ui/table.module.css";

const OUTCOME_TONE: Record<TSubscriberOutcome, TBadgeTone> = { started: "success", skipped: "muted", failed: "danger" };
const SOURCE_LABEL = { api: "API call", schedule: "Schedule", event: "Event", manual: "Run by hand" } as const;

export function OutcomeBadge({ result }: { result: Pick<TFiringResultEntry, "outcome" | "errorCode"> }) {
  return (
    <Badge tone={OUTCOME_TONE[result.outcome]}>
      {result.errorCode ? `${result.outcome}: ${result.errorCode}` : result.outcome}
    </Badge>
  );
}

/** A link to the run's session (flow runs are sessions too), or a dash when nothing started. */
export function SessionLink({ result }: { result: Pick<TFiringResultEntry, "sessionId" | "kind"> }) {
  if (!result.sessionId) return <span className={authoring.muted}>no session</span>;
  return (
    <Link href={`/sessions/${result.sessionId}`}>{result.kind === "flow" ? "Open flow run" : "Open session"}</Link>
  );
}

export function OutcomeFilter({
  value,
  onChange,
}: {
  value: TSubscriberOutcome | "";
  onChange: (value: TSubscriberOutcome | "") => void;
}) {
  return (
    <SelectField
      label="Outcome"
      name="outcome"
      value={value}
      onChange={(event) => onChange(event.target.value as TSubscriberOutcome | "")}
    >
      <option value="">Every outcome</option>
      <option value="started">Started</option>
      <option value="skipped">Skipped</option>
      <option value="failed">Failed</option>
    </SelectField>
  );
}

function FiringRow({ firing, domainId }: { firing: TFiringEntry; domainId: string }) {
  return (
    <tr data-fired={firing.createdAt}>
      <td>
        <DateTime value={firing.createdAt} />
        {firing.scheduledFor ? (
          <div className={authoring.muted} data-slot={firing.scheduledFor}>
            planned for <DateTime value={firing.scheduledFor} />
          </div>
        ) : null}
        <div className={authoring.muted}>
          {SOURCE_LABEL[firing.source]}
          {firing.actor ? ` by ${firing.actor.name}` : ""}
        </div>
        {firing.unusedIntegrationIds.length ? (
          <div className={authoring.muted}>
            Credentials no subscriber used: {firing.unusedIntegrationIds.join(", ")}
          </div>
        ) : null}
      </td>
      <td>
        {firing.results.length === 0 ? <span className={authoring.muted}>No subscribers</span> : null}
        <ul className={authoring.stackTight}>
          {firing.results.map((result) => (
            <li key={result.automationId}>
              <Link href={`/triggers/${domainId}/runs/${result.automationId}`}>
                {result.name ?? "Deleted automation"}
              </Link>{" "}
              <OutcomeBadge result={result} /> <SessionLink result={result} />
              {result.errorMessage ? <div className={authoring.muted}>{result.errorMessage}</div> : null}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/**
 * Run history of one trigger: every firing, newest first, with each subscriber's outcome
 * (started, skipped, failed with its code) and a link to the session it started.
 */
export function TriggerRunHistory({
  triggerId,
  triggerName,
  domainId,
}: {
  triggerId: string;
  triggerName: string;
  domainId: string;
}) {
  const trpc = useTRPC();
  const headingId = useId();
  const [outcome, setOutcome] = useState<TSubscriberOutcome | "">("");
  const [pages, setPages] = useState<string[]>([]);
  const before = pages.at(-1);
  const history = useQuery(
    trpc.triggers.history.queryOptions({
      triggerId,
      limit: 10,
      ...(outcome ? { outcome } : {}),
      ...(before ? { before } : {}),
    }),
  );
  return (
    <section className={authoring.stackTight} aria-labelledby={headingId}>
      <h3 id={headingId} className={authoring.muted}>
        Firings of {triggerName}
      </h3>
      <div className={authoring.formActionsStart}>
        <OutcomeFilter
          value={outcome}
          onChange={(value) => {
            setOutcome(value);
            setPages([]);
          }}
        />
      </div>
      {history.isError ? (
        <Alert tone="error" title="Run history could not be loaded">
          {errorMessage(history.error)}
        </Alert>
      ) : null}
      {history.data && history.data.firings.length === 0 ? (
        <p className={authoring.muted}>{outcome ? `No firing with a ${outcome} subscriber.` : "Not fired yet."}</p>
      ) : null}
      {history.data && history.data.firings.length > 0 ? (
        <div className={table.wrap}>
          <table className={table.table} aria-label={`Run history of ${triggerName}`}>
            <thead>
              <tr>
                <th scope="col">Fired</th>
                <th scope="col">Subscribers</th>
              </tr>
            </thead>
            <tbody>
              {history.data.firings.map((firing) => (
                <FiringRow key={firing.id} firing={firing} domainId={domainId} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className={authoring.formActionsStart}>
        {pages.length ? (
          <Button size="small" variant="secondary" onClick={() => setPages(pages.slice(0, -1))}>
            Newer
          </Button>
        ) : null}
        {history.data?.nextBefore ? (
          <Button size="small" variant="secondary" onClick={() => setPages([...pages, history.data.nextBefore!])}>
            Older
          </Button>
        ) : null}
      </div>
    </section>
  );
}
