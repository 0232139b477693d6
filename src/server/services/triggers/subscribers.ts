import { z } from "zod";
import { exampleFlowInput } from "@/contracts/triggers/fire-trigger";
import type { TTriggerSubscriber } from "@/contracts/triggers/list-triggers";
import { db } from "@/server/db/client";

type TAutomationRow = { id: string; name: string; kind: "AGENT" | "FLOW"; publishedRevision: number | null };

/**
 * Subscriber rows for the console, with whether the published revision binds any integration
 * at caller_required identity: scheduled and event firings refuse those (section 5, rule 8).
 */
export async function describeSubscribers(automations: TAutomationRow[]): Promise<TTriggerSubscriber[]> {
  const published = automations.filter((automation) => automation.publishedRevision !== null);
  const revisions = published.length
    ? await db().automationRevision.findMany({
        where: {
          OR: published.map((automation) => ({ automationId: automation.id, revision: automation.publishedRevision! })),
        },
        select: { automationId: true, belt: true },
      })
    : [];
  const callerRequired = new Set(
    revisions
      .filter((revision) =>
        ((revision.belt as Array<{ identityMode?: string }> | null) ?? []).some(
          (entry) => entry.identityMode === "caller_required",
        ),
      )
      .map((revision) => revision.automationId),
  );
  return automations.map((automation) => ({
    automationId: automation.id,
    name: automation.name,
    kind: automation.kind === "FLOW" ? "flow" : "agent",
    callerRequired: callerRequired.has(automation.id),
  }));
}

export const SUBSCRIBER_AUTOMATION_SELECT = { id: true, name: true, kind: true, publishedRevision: true } as const;

/** Compiled input schemas by `automationId:revision`: revisions never change, so neither does the reader. */
const INPUT_READERS = new Map<string, z.ZodType | null>();
const INPUT_READERS_MAX = 500;

function inputReader(key: string, inputSchema: unknown): z.ZodType | null {
  let reader = INPUT_READERS.get(key);
  if (reader === undefined) {
    try {
      reader = z.fromJSONSchema(inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
    } catch {
      // Publish validated the schema; one that still cannot be read is not the caller's fault.
      reader = null;
    }
    if (INPUT_READERS.size >= INPUT_READERS_MAX) INPUT_READERS.delete(INPUT_READERS.keys().next().value!);
    INPUT_READERS.set(key, reader);
  }
  return reader;
}

const EXAMPLE_MAX = 300;

/** The first problem of an input, in words that name the field. */
function describeIssue(issue: z.core.$ZodIssue, input: Record<string, unknown>): string {
  const field = issue.path.length ? `input.${issue.path.join(".")}` : "input";
  if (issue.code === "unrecognized_keys") {
    const fields = issue.keys.map((key) => `${field}.${key}`).join(", ");
    return `${fields} ${issue.keys.length === 1 ? "is" : "are"} not among the flow's declared inputs`;
  }
  let value: unknown = input;
  for (const key of issue.path)
    value =
      value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key as PropertyKey] : undefined;
  if (issue.code === "invalid_type" && value === undefined) {
    return `${field} is missing: the flow requires it (${issue.expected})`;
  }
  return `${field} does not match the flow's declared inputs: ${issue.message}`;
}

/**
 * Whether a firing's input matches a flow subscriber's declared inputs (its revision's input
 * schema, read with the same JSON Schema reader as the console's Run), checked in memory
 * before anything is written: a mismatch is refused per subscriber with FLOW_INPUT_INVALID
 * instead of starting a run that fails at its first step. Null when it matches.
 */
export function flowInputRefusal(
  flow: { id: string; name: string; revision: number; inputSchema: unknown },
  input: Record<string, unknown>,
): { errorCode: "FLOW_INPUT_INVALID"; errorMessage: string } | null {
  if (!flow.inputSchema || typeof flow.inputSchema !== "object") return null;
  const reader = inputReader(`${flow.id}:${flow.revision}`, flow.inputSchema);
  const parsed = reader?.safeParse(input);
  if (!parsed || parsed.success) return null;
  const example = JSON.stringify(exampleFlowInput(flow.inputSchema));
  return {
    errorCode: "FLOW_INPUT_INVALID",
    errorMessage:
      `"${flow.name}" was not started: ${describeIssue(parsed.error.issues[0]!, input)}. ` +
      `Send an input that matches its declared inputs${example.length <= EXAMPLE_MAX ? `, e.g. ${example}` : ""}.`,
  };
}
