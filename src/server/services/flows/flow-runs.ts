import type { TFlowRunDetail } from "@/contracts/flows/runs";
import type { TListSessionsResponse } from "@/contracts/session-console/list-sessions";
import type { TUserActor } from "@/server/auth/actor";
import { notFound } from "@/server/errors";
import { authorizeFlow } from "@/server/services/automations/automation-access";
import { listSessions } from "@/server/services/session-console/list-sessions";
import { getFlowRun } from "./get-flow-run";

/**
 * A flow's run history: the sessions its runs recorded (archived ones and test runs included,
 * each flagged), newest activity first, paged by cursor. The flow is checked first, so an
 * unknown flow is 404 and one in a domain without a role 403, never an empty page.
 */
export async function listFlowRuns(
  actor: TUserActor,
  { id, cursor, limit }: { id: string; cursor?: string; limit?: number },
): Promise<TListSessionsResponse> {
  const flow = await authorizeFlow(actor, id, "view");
  return listSessions(actor, { automationId: flow.id, automationKind: "flow", status: "all", cursor, limit });
}

/** One run of this flow, by the session that records it: 404 "run" when the session is no run of it. */
export async function getRunOfFlow(
  actor: TUserActor,
  { id, sessionId }: { id: string; sessionId: string },
): Promise<{ flowRun: TFlowRunDetail }> {
  const flow = await authorizeFlow(actor, id, "view");
  const { flowRun } = await getFlowRun(actor, sessionId);
  if (!flowRun || flowRun.automationId !== flow.id) throw notFound("run");
  return { flowRun };
}
