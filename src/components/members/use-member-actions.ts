"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TMember } from "@/contracts/members/member";
import type { TOrgRole } from "@/components/roles";
import type { TResetSent } from "./reset-link-panel";

/**
 * The row controls' mutations. Each refusal becomes one plain sentence for the page; the list is
 * re-read after every change so the table shows what the service holds.
 */
export function useMemberActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [resetSent, setResetSent] = useState<TResetSent | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
  const options = {
    onMutate: () => setFailure(null),
    onSuccess: refresh,
    onError: (error: unknown) => setFailure(errorMessage(error)),
  };
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions(options));
  const enable = useMutation(trpc.members.enable.mutationOptions(options));
  // These three run from a confirm dialog, which shows their refusal itself.
  const disable = useMutation(trpc.members.disable.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.members.revokeInvitation.mutationOptions({ onSuccess: refresh }));
  const sendReset = useMutation(
    trpc.passwords.sendReset.mutationOptions({
      onMutate: () => {
        setFailure(null);
        setResetSent(null);
      },
      onError: (error) =>
        setFailure(errorMessage(error, "The password reset link was not sent. Try again in a moment.")),
    }),
  );

  const pending = [changeRole, enable, sendReset].find((mutation) => mutation.isPending);
  const busyUserId = (pending?.variables as { userId?: string } | undefined)?.userId ?? null;

  return {
    failure,
    clearFailure: () => setFailure(null),
    resetSent,
    clearResetSent: () => setResetSent(null),
    busyUserId,
    changeRole: (member: TMember, orgRole: TOrgRole) => changeRole.mutate({ userId: member.userId, orgRole }),
    enable: (member: TMember) => enable.mutate({ userId: member.userId }),
    sendReset: (member: TMember) =>
      sendReset.mutate(
        { userId: member.userId },
        { onSuccess: (result) => setResetSent({ name: member.name, email: member.email, result }) },
      ),
    disable,
    remove,
    revoke,
  };
}
