"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { DisableIntegration } from "./disable-integration";
import { isBuiltIn } from "./integration-kind";
import styles from "./integrations.module.css";

/** Every tool of one integration with the JSON schema its arguments must match. */
export function IntegrationDetail({ integrationId, canAdminister }: { integrationId: string; canAdminister: boolean }) {
  const trpc = useTRPC();
  const integration = useQuery(trpc.integrations.get.queryOptions({ id: integrationId }));
  if (integration.isError) {
    return (
      <Alert tone="error" title="The integration could not be loaded">
        {errorMessage(integration.error)}
      </Alert>
    );
  }
  const data = integration.data;
  if (!data) return <p className={styles.loading}>Loading…</p>;
  return (
    <div className={styles.stack}>
      <Card
        title="About"
        actions={
          canAdminister && !isBuiltIn(data.id) ? <DisableIntegration id={data.id} name={data.name} /> : undefined
        }
      >
        <dl className={styles.facts}>
          <dt>Id</dt>
          <dd>
            <code>{data.id}</code>
          </dd>
          <dt>Kind</dt>
          <dd>
            {isBuiltIn(data.id) ? (
              <Badge tone="neutral">Built-in</Badge>
            ) : (
              <Badge tone="brand">Custom, imported by your organization</Badge>
            )}
          </dd>
          <dt>Tools</dt>
          <dd>{data.tools.length}</dd>
        </dl>
      </Card>
      {data.tools.map((tool) => (
        <Card
          key={tool.name}
          aria-label={tool.name}
          title={
            <span className={styles.cardTitle}>
              <code>{tool.name}</code>
              {tool.isReadonly ? <Badge tone="success">Read-only</Badge> : <Badge tone="neutral">Writes</Badge>}
            </span>
          }
          description={tool.description}
        >
          <p className={styles.schemaLabel}>
            In a procedure: <code className={styles.reference}>{tool.reference}</code>
          </p>
          <p className={styles.schemaLabel}>Input schema</p>
          <CodeBlock
            value={JSON.stringify(tool.inputSchema, null, 2)}
            label={`Input schema of ${tool.name}`}
            copyLabel="Copy schema"
          />
        </Card>
      ))}
    </div>
  );
}
