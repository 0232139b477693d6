"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TSessionDetails } from "./types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/text-field";
import styles from "./sessions.module.css";

/** Rename, outcome, archive and delete: shown only to those who may manage (canManage). */
export function SessionManage({ details, afterDelete }: { details: TSessionDetails; afterDelete: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(details.title);
  const [outcome, setOutcome] = useState(details.outcome ?? "");
  const [confirming, setConfirming] = useState(false);
  const sessionId = details.id;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.sessionConsole.get.queryKey({ sessionId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.sessionConsole.list.queryKey() }),
    ]);
  const rename = useMutation(trpc.sessionConsole.rename.mutationOptions({ onSuccess: refresh }));
  const setOutcomeMutation = useMutation(trpc.sessionConsole.setOutcome.mutationOptions({ onSuccess: refresh }));
  const archive = useMutation(trpc.sessionConsole.archive.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.sessionConsole.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.sessionConsole.list.queryKey() });
        router.push(afterDelete);
      },
    }),
  );
  const failed = [rename, setOutcomeMutation, archive].find((mutation) => mutation.isError);
  return (
    <Card title="Manage session">
      <div className={styles.approval}>
        <form
          className={styles.row}
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ sessionId, title });
          }}
        >
          <TextField label="Title" value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
          <Button type="submit" busy={rename.isPending} disabled={!title.trim() || title.trim() === details.title}>
            Rename
          </Button>
        </form>
        <form
          className={styles.row}
          onSubmit={(event) => {
            event.preventDefault();
            setOutcomeMutation.mutate({ sessionId, outcome: outcome.trim() || null });
          }}
        >
          <TextField
            label="Outcome"
            placeholder="e.g. resolved"
            value={outcome}
            maxLength={200}
            onChange={(event) => setOutcome(event.target.value)}
          />
          <Button
            type="submit"
            busy={setOutcomeMutation.isPending}
            disabled={(outcome.trim() || null) === details.outcome}
          >
            Set outcome
          </Button>
        </form>
        <div className={styles.row}>
          <Button busy={archive.isPending} onClick={() => archive.mutate({ sessionId, archived: !details.archived })}>
            {details.archived ? "Unarchive" : "Archive"}
          </Button>
          <Button variant="dangerOutline" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
        {failed ? <Alert tone="error">{errorMessage(failed.error)}</Alert> : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this session?"
        confirmLabel="Delete session"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => remove.mutate({ sessionId })}
        onClose={() => setConfirming(false)}
      >
        The transcript, tool calls, approvals and event history of “{details.title}” are removed for everyone. This
        cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
