"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { useAskedValue } from "@/client/use-asked-value";
import type { TDomainMember } from "@/contracts/team-domains/team-domain";
import { ROLES, type TRole } from "./roles";
import styles from "./team-domains.module.css";
import { useRefreshDomains } from "./use-refresh-domains";

/** A member's role, changed as soon as another is picked; a refusal (the last Owner) shows under it. */
export function RoleCell({ domainId, member }: { domainId: string; member: TDomainMember }) {
  const trpc = useTRPC();
  const refresh = useRefreshDomains();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const asked = useAskedValue<TRole>();
  const change = useMutation(
    trpc.teamDomains.changeMemberRole.mutationOptions({
      onSuccess: async () => {
        setError(null);
        await refresh();
      },
      onError: (refusal) => setError(errorMessage(refusal)),
      onSettled: asked.settle,
    }),
  );
  return (
    <div>
      <select
        className={styles.roleSelect}
        aria-label={`Role of ${member.name}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={asked.shown(member.role)}
        disabled={change.isPending}
        onChange={(event) => {
          const role = event.target.value as TRole;
          asked.ask(role);
          change.mutate({ domainId, userId: member.userId, role });
        }}
      >
        {ROLES.map((entry) => (
          <option key={entry.value} value={entry.value}>
            {entry.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className={styles.rowError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
