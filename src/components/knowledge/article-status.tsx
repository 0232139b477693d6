import { Badge } from "@/components/ui/badge";

/**
 * Search and agents read only the published copy: "Changes pending" means the draft moved on
 * since the last publish and the older published copy is what they still see.
 */
export function ArticleStatus({
  status,
  hasUnpublishedChanges,
}: {
  status: "draft" | "published";
  hasUnpublishedChanges: boolean;
}) {
  if (status === "draft") return <Badge tone="muted">Draft</Badge>;
  if (hasUnpublishedChanges) return <Badge tone="brand">Changes pending</Badge>;
  return (
    <Badge tone="success" dot>
      Published
    </Badge>
  );
}
