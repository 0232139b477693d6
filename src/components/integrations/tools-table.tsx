import type { TIntegrationToolSummary } from "@/contracts/integrations/integration";
import { Badge } from "@/components/ui/badge";
import table from "@/components/ui/table.module.css";
import styles from "./integrations.module.css";

/** An integration's tools: the wire id, the reference to write in a procedure, and what it does. */
export function ToolsTable({ integrationName, tools }: { integrationName: string; tools: TIntegrationToolSummary[] }) {
  return (
    <div className={table.wrap}>
      <table className={table.table} aria-label={`Tools of ${integrationName}`}>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Reference</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool) => (
            <tr key={tool.name}>
              <td>
                <div className={styles.toolName}>
                  <code>{tool.name}</code>
                  {tool.isReadonly ? <Badge tone="success">Read-only</Badge> : <Badge tone="neutral">Writes</Badge>}
                </div>
              </td>
              <td>
                <code className={styles.reference}>{tool.reference}</code>
              </td>
              <td className={styles.description}>{tool.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
