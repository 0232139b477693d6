import { Badge } from "@/components/ui/badge";

/** "Revision 3" once published (what callers run), "Draft" before the first publish. */
export function RevisionBadge({ revision }: { revision: number | null }) {
  return revision ? (
    <Badge tone="success" dot>
      Revision {revision}
    </Badge>
  ) : (
    <Badge tone="muted">Draft</Badge>
  );
}
