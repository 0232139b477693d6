import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { publicBaseUrl } from "@/server/env";
import type { TTurnOutcome } from "@/server/services/mcp/await-turn";

/** structuredContent of every agent tool result (also declared as the tools' outputSchema). */
export const ZAgentToolOutput = z.object({
  status: z.enum(["completed", "suspended", "running", "failed", "refused"]),
  sessionId: z.string().nullable(),
  executionId: z.string().nullable(),
  answer: z.string().optional(),
  approval: z
    .object({
      approvalId: z.string().nullable(),
      toolName: z.string().nullable(),
      consoleUrl: z.string(),
      approvalRoute: z.string(),
    })
    .optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

export type TAgentToolOutput = z.infer<typeof ZAgentToolOutput>;

type TTurnRef = { toolName: string; sessionId: string; executionId: string };

function continueHint({ toolName, sessionId }: TTurnRef): string {
  return `Session ${sessionId}. To continue this conversation, call ${toolName} again with sessionId "${sessionId}".`;
}

function result(text: string[], structured: TAgentToolOutput, isError = false): CallToolResult {
  return {
    content: text.map((line) => ({ type: "text" as const, text: line })),
    structuredContent: structured,
    ...(isError ? { isError: true } : {}),
  };
}

/** The answer, the suspension, the failure or the "still running" notice of one turn. */
export function turnResult(ref: TTurnRef, outcome: TTurnOutcome): CallToolResult {
  const ids = { sessionId: ref.sessionId, executionId: ref.executionId };
  switch (outcome.status) {
    case "completed": {
      const answer = outcome.answer || "(The agent finished without a written answer.)";
      return result([answer, `${continueHint(ref)} Execution ${ref.executionId}.`], {
        status: "completed",
        ...ids,
        answer: outcome.answer,
      });
    }
    case "failed":
      return result(
        [`The agent's turn failed (${outcome.errorCode}): ${outcome.errorMessage}`, continueHint(ref)],
        { status: "failed", ...ids, error: { code: outcome.errorCode, message: outcome.errorMessage } },
        true,
      );
    case "suspended": {
      const consoleUrl = `${publicBaseUrl()}/sessions/${ref.sessionId}`;
      const approvalRoute = `${publicBaseUrl()}/api/v1/agents/sessions/${ref.sessionId}/turn-approval`;
      const tool = outcome.toolName ?? "a tool that needs approval";
      const text =
        `The agent is waiting for approval to call ${tool} (approval ${outcome.approvalId ?? "pending"}). ` +
        `A person allowed to approve in this domain decides in the console at ${consoleUrl}, ` +
        `or with POST ${approvalRoute} and {"decision":"approved"|"rejected","approvalId":"${outcome.approvalId ?? ""}"}. ` +
        `The agent continues after the decision; its result appears in the session (console, or GET ${publicBaseUrl()}/api/v1/agents/sessions/${ref.sessionId}).`;
      return result([text], {
        status: "suspended",
        ...ids,
        approval: { approvalId: outcome.approvalId, toolName: outcome.toolName, consoleUrl, approvalRoute },
      });
    }
    case "running":
      return result(
        [
          `The agent is still working (session ${ref.sessionId}, execution ${ref.executionId}). ` +
            `Its answer will appear in the session: in the console at ${publicBaseUrl()}/sessions/${ref.sessionId}, or GET ${publicBaseUrl()}/api/v1/agents/sessions/${ref.sessionId}.`,
        ],
        { status: "running", ...ids },
      );
  }
}

/** A refusal by the service (AppError): an MCP tool error naming the code, never a protocol error. */
export function refusalResult(code: string, message: string, sessionId: string | null = null): CallToolResult {
  return result(
    [`${code}: ${message}`],
    { status: "refused", sessionId, executionId: null, error: { code, message } },
    true,
  );
}
