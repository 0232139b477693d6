"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TApiKey } from "@/contracts/api-keys/api-key";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** The confirm step before a revocation, which cannot be undone. */
export function RevokeDialog({ apiKey, onClose }: { apiKey: TApiKey | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
        onClose();
      },
    }),
  );
  const { reset } = revoke;

  // A refusal shown for one key must not linger when the dialog opens for another.
  useEffect(() => {
    if (apiKey) reset();
  }, [apiKey, reset]);

  return (
    <ConfirmDialog
      open={apiKey !== null}
      title={`Revoke “${apiKey?.name ?? ""}”?`}
      confirmLabel="Revoke key"
      busy={revoke.isPending}
      error={revoke.isError ? errorMessage(revoke.error) : null}
      onConfirm={() => apiKey && revoke.mutate({ id: apiKey.id })}
      onClose={onClose}
    >
      Anything that uses this key stops working immediately. This cannot be undone.
    </ConfirmDialog>
  );
}
