"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { BeltList } from "./belt-list";
import { SetupView } from "./setup-view";
import styles from "./agents.module.css";

/** One revision exactly as runs of it see it; revisions never change, so this is read-only. */
export function RevisionSnapshot({
  agentId,
  revision,
  onClose,
}: {
  agentId: string;
  revision: number;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const snapshot = useQuery(trpc.agents.getRevision.queryOptions({ id: agentId, revision }, { staleTime: Infinity }));
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    section.current?.scrollIntoView({ block: "nearest" });
  }, [revision]);
  const data = snapshot.data?.revision;

  return (
    <div ref={section} data-testid="revision-snapshot">
      <Card
        title={`Revision ${revision}`}
        description={
          data ? (
            <>
              Published <DateTime value={data.publishedAt} />
              {data.publishedBy ? ` by ${data.publishedBy.name}` : ""}
              {data.changeNote ? ` · “${data.changeNote}”` : ""}
            </>
          ) : (
            "Loading…"
          )
        }
        actions={
          <Button size="small" onClick={onClose}>
            Close
          </Button>
        }
      >
        {snapshot.isError ? (
          <Alert tone="error" title="This revision could not be loaded">
            {errorMessage(snapshot.error)}
          </Alert>
        ) : null}
        {data ? (
          <div className={styles.snapshot}>
            <SetupView
              setup={data.setup}
              bindingPolicies={data.setup.bindingPolicies}
              knowledgeSelection={data.knowledgeSelection}
            />
            <div>
              <p className={styles.subheading}>Bindings</p>
              <BeltList belt={data.belt} empty="No integrations: the agent answers without tools." />
            </div>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
