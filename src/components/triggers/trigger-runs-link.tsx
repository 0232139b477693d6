import Link from "next/link";
import authoring from "@/components/authoring/authoring.module.css";

/** From an agent's or flow's page to its runs started by triggers (the per-automation run history). */
export function TriggerRunsLink({
  domainId,
  automationId,
  kind,
}: {
  domainId: string;
  automationId: string;
  kind: "agent" | "flow";
}) {
  return (
    <p className={authoring.muted}>
      <Link href={`/triggers/${domainId}/runs/${automationId}`}>Trigger runs of this {kind}</Link>: every firing that
      started it, or refused it, with links to the sessions.
    </p>
  );
}
