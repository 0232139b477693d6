"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { MAX_INTEGRATION_QUERY } from "@/contracts/integrations/list-integrations";
import { PlugIcon } from "@/components/authoring/icons";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/text-field";
import { integrationHref, isBuiltIn, listInput } from "./integration-kind";
import { ToolsTable } from "./tools-table";
import styles from "./integrations.module.css";

/** Search as you type (debounced); the term is kept in the URL so a search can be shared. */
export function IntegrationsBrowser({ initialQuery }: { initialQuery: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname() ?? "/"; // null only under the Pages Router, which renders no page here
  const [term, setTerm] = useState(initialQuery);
  const [searched, setSearched] = useState(initialQuery);

  useEffect(() => {
    if (term === searched) return;
    const timer = window.setTimeout(() => {
      setSearched(term);
      router.replace(term.trim() ? `${pathname}?q=${encodeURIComponent(term.trim())}` : pathname, { scroll: false });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [term, searched, router, pathname]);

  const tooLong = term.trim().length > MAX_INTEGRATION_QUERY;
  const integrations = useQuery({
    ...trpc.integrations.list.queryOptions(listInput(searched)),
    enabled: !tooLong,
    placeholderData: keepPreviousData,
  });
  const list = integrations.data?.integrations;

  return (
    <div className={styles.stack}>
      <div role="search" className={styles.search}>
        <TextField
          label="Search integrations"
          type="search"
          value={term}
          placeholder="Name, id, tool or description, e.g. knowledge"
          autoComplete="off"
          error={tooLong ? `Search must be at most ${MAX_INTEGRATION_QUERY} characters.` : null}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      <p className={styles.resultCount} role="status" aria-live="polite">
        {list
          ? `${list.length} ${list.length === 1 ? "integration" : "integrations"}${searched.trim() ? ` match “${searched.trim()}”` : ""}`
          : "Loading…"}
      </p>
      {integrations.isError ? (
        <Alert tone="error" title="Integrations could not be loaded">
          {errorMessage(integrations.error)}
        </Alert>
      ) : null}
      {list && list.length === 0 ? (
        <Card>
          <EmptyState icon={<PlugIcon size={22} />} title="No integration matches">
            Try a shorter term. The search looks at integration ids, names and descriptions, and at tool names and
            descriptions.
          </EmptyState>
        </Card>
      ) : null}
      {list?.map((integration) => (
        <Card
          key={integration.id}
          aria-label={integration.name}
          title={
            <span className={styles.cardTitle}>
              <Link href={integrationHref(integration.id)}>{integration.name}</Link>
              <code className={styles.integrationId}>{integration.id}</code>
              {isBuiltIn(integration.id) ? <Badge tone="neutral">Built-in</Badge> : <Badge tone="brand">Custom</Badge>}
            </span>
          }
          description={integration.description}
          actions={
            <Link
              href={integrationHref(integration.id)}
              className={styles.detailsLink}
              aria-label={`Input schemas of ${integration.name}`}
            >
              Input schemas →
            </Link>
          }
          flush
        >
          <ToolsTable integrationName={integration.name} tools={integration.tools} />
        </Card>
      ))}
    </div>
  );
}
