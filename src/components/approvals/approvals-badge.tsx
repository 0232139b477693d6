"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";
import { Badge } from "@/components/ui/badge";

/** How often the badge asks again while the page stays open (and on focus, TanStack's default). */
export const APPROVALS_POLL_MS = 30_000;

/** The count of approvals waiting for me, beside "Approvals" in the side navigation; nothing when none. */
export function ApprovalsBadge() {
  const trpc = useTRPC();
  const count = useQuery({
    ...trpc.approvalsInbox.count.queryOptions({}),
    refetchInterval: APPROVALS_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  const pending = count.data?.pending ?? 0;
  if (!pending) return null;
  return (
    <span style={{ marginLeft: "auto" }} data-testid="approvals-badge">
      <Badge tone="danger">
        {pending > 99 ? "99+" : pending}
        <span className="sr-only"> waiting for you</span>
      </Badge>
    </span>
  );
}
