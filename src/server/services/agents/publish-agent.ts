import type {
  TConsolePublishResponse,
  TPublishAgentRequest,
  TPublishAgentResponse,
} from "@/contracts/agents/publish-agent";
import type { TFinding, TPublishFinding } from "@/contracts/agents/verification";
import type { TUserActor } from "@/server/auth/actor";
import type { TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { TVisibleTool } from "@/server/integrations/catalog";
import { lockAutomation } from "@/server/services/revisions/test-run-revision";
import { readDraft, verifyDraft } from "./draft";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import type { TRevisionSetup } from "./revision-snapshot";
import { publishRevision } from "@/server/services/automations/publish-revision";

/** Findings refuse a publish or a test run alike: 422 VALIDATION with details.findings. */
export function draftRefusal(findings: TFinding[], action = "published"): AppError {
  const listed: TPublishFinding[] = findings.map((finding) => ({
    message: finding.detail,
    span: finding.span,
    kind: finding.kind,
    proposal: finding.proposal,
  }));
  const first = listed[0]!.message;
  const more = listed.length > 1 ? ` (and ${listed.length - 1} more)` : "";
  return new AppError("VALIDATION", `The agent cannot be ${action}: ${first}${more}`, {
    status: 422,
    details: { findings: listed },
  });
}

/**
 * The draft as a revision's content, verified as publish verifies it, under the agent's row
 * lock so the verified draft is the one snapshotted. Shared by publish and Test run; findings
 * throw the 422 of `draftRefusal`.
 */
export async function verifiedAgentDraft(
  tx: TTransaction,
  agentId: string,
  tools: Map<string, TVisibleTool>,
  action = "published",
) {
  await lockAutomation(tx, agentId);
  const draft = await readDraft(tx, agentId);
  const verification = await verifyDraft(tx, draft, tools);
  if (verification.findings.length) throw draftRefusal(verification.findings, action);
  const setup: TRevisionSetup = { ...draft.setup, bindingPolicies: draft.bindingPolicies };
  return { setup, belt: verification.plannedBelt, knowledgeSelection: draft.knowledgeSelection };
}

/**
 * Publishes the draft as the next revision; the agent's check is the verifier
 * (`verifiedAgentDraft`). The answer names the published revision an unchanged draft repeats.
 */
export async function publishAgent(
  actor: TUserActor,
  input: TPublishAgentRequest,
  record?: TRecordAnswer<TPublishAgentResponse>,
): Promise<TConsolePublishResponse> {
  return publishRevision("AGENT", actor, input, (tx, agent, tools) => verifiedAgentDraft(tx, agent.id, tools), record);
}
