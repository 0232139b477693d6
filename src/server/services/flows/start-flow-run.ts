import type { PgBoss } from "pg-boss";
import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TTransaction } from "@/server/db/client";

export type TStartFlowRunOptions = {
  organizationId: string;
  domainId: string;
  automationId: string;
  /** The published revision the run keeps (AutomationRevision.revision). */
  revision: number;
  /** Delivered verbatim to the flow (spec 4.5). */
  input: unknown;
  /** The person the run acts for (the firing key's owner, the console user); null for schedules/events. */
  ownerId: string | null;
  origin: "trigger" | "console";
  /** Already narrowed to the integrations this flow binds at caller identity. */
  callerCredentials?: TCallerCredentials;
  callerCredentialExpiresAt?: Date | null;
  title?: string;
};

/**
 * Seam (issue 5): inside the caller's transaction, creates the flow's session (origin TRIGGER
 * or CONSOLE), its FlowRun (QUEUED, deadline), the caller grant and the job that runs it, so a
 * fan-out and its idempotency outcome commit together. Implemented by the flow-runner work.
 */
export async function startFlowRun(tx: TTransaction, boss: PgBoss, options: TStartFlowRunOptions): Promise<{ sessionId: string; flowRunId: string }> {
  void tx;
  void boss;
  void options;
  throw new Error("not implemented");
}
