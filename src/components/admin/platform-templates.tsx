"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TTemplate } from "@/contracts/admin/template";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import table from "@/components/ui/table.module.css";
import { CreateTemplateForm } from "./create-template-form";
import { PublishReleaseForm } from "./publish-release-form";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";

function Releases({ template }: { template: TTemplate }) {
  if (template.releases.length === 0) return <span className={table.muted}>No release yet</span>;
  return (
    <ul className={styles.releases} aria-label={`Releases of ${template.name}`}>
      {template.releases.map((release) => (
        <li key={release.id}>
          v{release.version} · {release.automationCount} automation{release.automationCount === 1 ? "" : "s"} ·{" "}
          <DateTime value={release.createdAt} />
        </li>
      ))}
    </ul>
  );
}

function TemplateRow({
  template,
  platformId,
  onPublish,
}: {
  template: TTemplate;
  platformId: string;
  onPublish: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const setStatus = useMutation(trpc.admin.setTemplateStatus.mutationOptions({ onSuccess: () => refresh() }));
  const setProvisioning = useMutation(
    trpc.admin.setProvisioningTemplate.mutationOptions({ onSuccess: () => refresh() }),
  );
  const error = setStatus.error ?? setProvisioning.error;
  const suspended = template.status === "SUSPENDED";
  return (
    <tr>
      <td className={table.primaryText}>
        <span>{template.name}</span>
        <div className={table.secondaryText}>from {template.sourceOrganization.name}</div>
        {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
      </td>
      <td>
        {suspended ? <Badge tone="danger">Suspended</Badge> : <Badge tone="success">Active</Badge>}{" "}
        {template.isProvisioningTemplate ? <Badge tone="brand">Provisioning template</Badge> : null}
      </td>
      <td>
        <Releases template={template} />
      </td>
      <td className={table.actions}>
        <div className={styles.rowActions}>
          <Button
            size="small"
            variant="primary"
            onClick={onPublish}
            aria-label={`Publish a release of ${template.name}`}
          >
            Publish release
          </Button>
          <Button
            size="small"
            busy={setProvisioning.isPending}
            onClick={() =>
              setProvisioning.mutate({ platformId, templateId: template.isProvisioningTemplate ? null : template.id })
            }
            aria-label={
              template.isProvisioningTemplate
                ? `Stop provisioning with ${template.name}`
                : `Provision with ${template.name}`
            }
          >
            {template.isProvisioningTemplate ? "Stop provisioning with it" : "Provision with it"}
          </Button>
          <Button
            size="small"
            variant={suspended ? "secondary" : "dangerOutline"}
            busy={setStatus.isPending}
            onClick={() => setStatus.mutate({ templateId: template.id, status: suspended ? "ACTIVE" : "SUSPENDED" })}
            aria-label={`${suspended ? "Reactivate" : "Suspend"} ${template.name}`}
          >
            {suspended ? "Reactivate" : "Suspend"}
          </Button>
        </div>
      </td>
    </tr>
  );
}

export function PlatformTemplates({
  platformId,
  provisioningTemplateId,
}: {
  platformId: string;
  provisioningTemplateId: string | null;
}) {
  const trpc = useTRPC();
  const templates = useQuery(trpc.admin.listTemplates.queryOptions({ platformId }));
  const [publishing, setPublishing] = useState<TTemplate | null>(null);
  const rows = templates.data?.templates ?? [];
  const provisioning = rows.find((template) => template.id === provisioningTemplateId);
  return (
    <Card
      title="Templates"
      description={
        provisioning
          ? `New customers get the latest release of “${provisioning.name}”.`
          : "No provisioning template: new customers start empty. Create a template from an organization, publish a release, then provision with it."
      }
    >
      <div className={styles.stack}>
        <CreateTemplateForm platformId={platformId} />
        {rows.length ? (
          <div className={table.wrap}>
            <table className={table.table} aria-label="Templates">
              <thead>
                <tr>
                  <th scope="col">Template</th>
                  <th scope="col">Status</th>
                  <th scope="col">Releases</th>
                  <th scope="col" className={table.actions}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((template) => (
                  <TemplateRow
                    key={template.id}
                    template={template}
                    platformId={platformId}
                    onPublish={() => setPublishing(template)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {publishing ? (
          <div className={styles.publishPanel}>
            <p className={styles.settingTitle}>Publish a release of “{publishing.name}”</p>
            <PublishReleaseForm
              key={publishing.id}
              templateId={publishing.id}
              templateName={publishing.name}
              onDone={() => setPublishing(null)}
            />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
