"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useSession } from "next-auth/react";
import { useState, useTransition } from "react";

const SWITCH_FAILED = "We could not switch to that organization. Reload the page and try again.";

/**
 * Selects an organization for this browser session. The jwt callback re-checks membership,
 * so the session it answers with is the proof that the switch happened. next-auth ignores
 * update() until the session has loaded, hence `ready`.
 */
export function useSelectOrganization() {
  const { update, status } = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [navigating, startTransition] = useTransition();

  // Its callers detach it from their event handlers (React does not await one); it shows its own failure as `error`.
  async function select(orgId: string) {
    setPendingId(orgId);
    setError(null);
    try {
      const session = (await update({ orgId })) as { orgId?: string | null } | null | undefined;
      if (session?.orgId !== orgId) {
        setError(SWITCH_FAILED);
        return;
      }
      // Everything cached belongs to the previous organization.
      queryClient.clear();
      startTransition(() => {
        router.replace("/");
        router.refresh();
      });
    } catch {
      setError(SWITCH_FAILED);
    } finally {
      setPendingId(null);
    }
  }

  return { select, error, ready: status === "authenticated", busy: pendingId !== null || navigating, pendingId };
}
