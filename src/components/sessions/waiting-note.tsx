"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/client/trpc";
import type { TSessionDetails } from "./types";
import styles from "./sessions.module.css";

const ROLE_LABEL = { owner: "Owners", editor: "Editors", operator: "Operators", viewer: "Viewers" } as const;

/** What a suspended session waits for (the tool, its arguments are in the approval panel) and who can decide it. */
export function WaitingNote({
  sessionId,
  pending,
}: {
  sessionId: string;
  pending: NonNullable<TSessionDetails["pendingApproval"]>;
}) {
  const trpc = useTRPC();
  const approvers = useQuery(trpc.sessionConsole.approvers.queryOptions({ sessionId }));
  const data = approvers.data;
  const names = (data?.people ?? []).map((person) => (person.isYou ? "you" : person.name));
  const more = data?.morePeople ? ` and ${data.morePeople} more` : "";
  const who = !data
    ? "Loading who can decide…"
    : data.userRouted
      ? `Only ${names[0] ?? "the person whose own credential the call uses"} can decide: the call runs on their own credential.`
      : data.roles.length === 0
        ? "Nobody can decide: this domain's approval policy names no role. An Owner of the domain can change it in the domain's settings."
        : `Who can decide: the domain's ${data.roles.map((role) => ROLE_LABEL[role]).join(", ")}${names.length ? ` (${names.join(", ")}${more})` : ""}.`;
  return (
    <div className={styles.note} role="status" data-testid="waiting-note">
      <strong>Waiting for approval</strong> to call <code>{pending.toolName}</code> (its arguments are in the approval
      above). {pending.canDecide ? "You can decide it. " : ""}
      {who}
    </div>
  );
}
