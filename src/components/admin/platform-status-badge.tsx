import { Badge } from "@/components/ui/badge";

export function PlatformStatusBadge({ status }: { status: "ACTIVE" | "SUSPENDED" }) {
  return status === "ACTIVE" ? (
    <Badge tone="success" dot>
      Active
    </Badge>
  ) : (
    <Badge tone="danger">Suspended</Badge>
  );
}
