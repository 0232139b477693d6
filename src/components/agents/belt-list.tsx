import type { TBeltEntry } from "@/contracts/agents/setup";
import { Badge } from "@/components/ui/badge";
import { IDENTITY_MODE_LABEL } from "./identity-modes";
import verify from "./verify.module.css";
import authoring from "@/components/authoring/authoring.module.css";

/** The belt: each integration the agent binds and whose credential it uses. */
export function BeltList({ belt, empty }: { belt: TBeltEntry[]; empty: string }) {
  if (belt.length === 0) return <p className={authoring.help}>{empty}</p>;
  return (
    <ul className={verify.belt} aria-label="Bindings">
      {belt.map((entry) => (
        <li key={entry.integrationId}>
          <code>{entry.integrationId}</code>
          <Badge tone={entry.identityMode === "service" ? "neutral" : "brand"}>
            {IDENTITY_MODE_LABEL[entry.identityMode]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
