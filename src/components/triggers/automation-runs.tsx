"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TSubscriberOutcome } from "@/contracts/triggers/run-history";
import authoring from "@/components/authoring/authoring.module.css";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import table from "@/components/ui/table.module.css";
import { OutcomeBadge, OutcomeFilter, SessionLink } from "./run-history";

const SOURCE_LABEL = { api: "API call", schedule: "Schedule", event: "Event", manual: "Run by hand" } as const;

/** Run history of one agent or flow: every firing it took part in and its own result there. */
export function AutomationRuns({ automationId }: { automationId: string }) {
  const trpc = useTRPC();
  const [outcome, setOutcome] = useState<TSubscriberOutcome | "">("");
  const [pages, setPages] = useState<string[]>([]);
  const before = pages.at(-1);
  const runs = useQuery(
    trpc.triggers.automationHistory.queryOptions({
      automationId,
      limit: 20,
      ...(outcome ? { outcome } : {}),
      ...(before ? { before } : {}),
    }),
  );
  const first = runs.data?.runs[0];
  return (
    <Card
      title={first?.name ? `Trigger runs of ${first.name}` : "Trigger runs"}
      description="Each firing that reached this agent or flow, newest first."
    >
      <div className={authoring.stackTight}>
        <div className={authoring.formActionsStart}>
          <OutcomeFilter
            value={outcome}
            onChange={(value) => {
              setOutcome(value);
              setPages([]);
            }}
          />
        </div>
        {runs.isError ? (
          <Alert tone="error" title="Runs could not be loaded">
            {errorMessage(runs.error)}
          </Alert>
        ) : null}
        {runs.data && runs.data.runs.length === 0 ? (
          <p className={authoring.muted}>No trigger has reached it{outcome ? ` with outcome ${outcome}` : ""}.</p>
        ) : null}
        {runs.data && runs.data.runs.length > 0 ? (
          <div className={table.wrap}>
            <table className={table.table} aria-label="Trigger runs">
              <thead>
                <tr>
                  <th scope="col">Fired</th>
                  <th scope="col">Trigger</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Session</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.runs.map((run) => (
                  <tr key={run.firingId}>
                    <td>
                      <DateTime value={run.createdAt} />
                    </td>
                    <td>
                      {run.triggerName} <Badge tone="muted">{SOURCE_LABEL[run.source]}</Badge>
                    </td>
                    <td>
                      <OutcomeBadge result={run} />
                      {run.errorMessage ? <div className={authoring.muted}>{run.errorMessage}</div> : null}
                    </td>
                    <td>
                      <SessionLink result={run} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <div className={authoring.formActionsStart}>
          {pages.length ? (
            <Button size="small" onClick={() => setPages(pages.slice(0, -1))}>
              Newer
            </Button>
          ) : null}
          {runs.data?.nextBefore ? (
            <Button size="small" onClick={() => setPages([...pages, runs.data.nextBefore!])}>
              Older
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
