"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";

/** Disabling hides a custom integration for good (ids are never reused); it is not deleted. */
export function DisableIntegration({ id, name }: { id: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const disable = useMutation(
    trpc.integrations.disable.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.integrations.list.queryKey() });
        router.push("/integrations");
      },
    }),
  );
  return (
    <>
      <Button
        variant="dangerOutline"
        size="small"
        onClick={() => {
          disable.reset();
          setOpen(true);
        }}
      >
        Disable
      </Button>
      <ConfirmDialog
        open={open}
        title={`Disable “${name}”?`}
        confirmLabel="Disable integration"
        busy={disable.isPending || disable.isSuccess}
        error={disable.isError ? errorMessage(disable.error) : null}
        onConfirm={() => disable.mutate({ id })}
        onClose={() => setOpen(false)}
      >
        Agents can no longer use its tools: publishing an agent that references them reports an unresolved reference.
        Published revisions keep their history. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
