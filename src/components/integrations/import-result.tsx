"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import type { TImportOpenApiIntegrationResponse } from "@/contracts/integrations/import-openapi-integration";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import authoring from "@/components/authoring/authoring.module.css";
import { integrationHref } from "./integration-kind";
import { ToolsTable } from "./tools-table";
import styles from "./integrations.module.css";

/** What the import created: the tools agents can now reference, and what it left out. */
export function ImportResult({
  result,
  onAnother,
}: {
  result: TImportOpenApiIntegrationResponse;
  onAnother: () => void;
}) {
  const { integration } = result;
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={authoring.stack} data-testid="import-result">
      <div ref={heading} tabIndex={-1}>
        <Alert tone="success" title={`Imported “${integration.name}”`}>
          {integration.tools.length} {integration.tools.length === 1 ? "tool is" : "tools are"} now available to every
          domain of your organization. Write <code>{integration.tools[0]?.reference ?? `#${integration.id}.…`}</code> in
          a procedure to use one.
        </Alert>
      </div>
      <Card
        title={integration.name}
        description={integration.description || undefined}
        actions={
          <div className={authoring.headerActions}>
            <Button size="small" onClick={onAnother}>
              Import another
            </Button>
            <Link href={integrationHref(integration.id)} className={styles.detailsLink}>
              Open integration →
            </Link>
          </div>
        }
      >
        <dl className={styles.facts}>
          <dt>Id</dt>
          <dd>
            <code>{integration.id}</code>
          </dd>
          <dt>Base URL</dt>
          <dd>
            <code>{result.baseUrl}</code>
          </dd>
          <dt>Credentials</dt>
          <dd>
            {result.credentialFields.length ? (
              <ul className={styles.plainList}>
                {result.credentialFields.map((field) => (
                  <li key={field.name}>
                    <code>{field.name}</code>
                    {field.header ? ` (header ${field.header})` : ""}
                    {field.description ? `: ${field.description}` : ""}
                  </li>
                ))}
              </ul>
            ) : (
              "A bearer token, set on a connection."
            )}
          </dd>
        </dl>
      </Card>
      <Card title="Tools" flush>
        <ToolsTable integrationName={integration.name} tools={integration.tools} />
      </Card>
      {result.skipped.length ? (
        <Card title="Skipped operations" description="These operations did not become tools.">
          <ul className={styles.plainList} aria-label="Skipped operations">
            {result.skipped.map((skipped) => (
              <li key={skipped.operation}>
                <code>{skipped.operation}</code>: {skipped.reason}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
