import {
  PREVIEW_FIRINGS,
  PREVIEW_NAME_FALLBACK,
  type TPreviewTriggerRequest,
  type TPreviewTriggerResponse,
} from "@/contracts/triggers/preview-trigger";
import { AppError } from "@/server/errors";
import { eventFiringInput } from "./event-input";
import { agentMessageFor } from "./render-input";
import { nextFireAfter, planSchedule } from "./schedule";

/** The schedule's next firings, checked by the same rules create applies (planSchedule). */
function previewSchedule(cron: string, timezone: string | undefined, now: Date): TPreviewTriggerResponse["schedule"] {
  try {
    const plan = planSchedule(cron, timezone?.trim() || undefined, now);
    const firings = [plan.nextFireAt];
    const expression = cron.trim().split(/\s+/).join(" ");
    while (firings.length < PREVIEW_FIRINGS) {
      const next = nextFireAfter(expression, plan.timezone, firings.at(-1)!);
      if (!next) break;
      firings.push(next);
    }
    return { timezone: plan.timezone, nextFirings: firings.map((firing) => firing.toISOString()) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const issues = Array.isArray(error.details?.issues)
      ? (error.details.issues as Array<{ path: string; message: string }>).map((issue) => ({
          field: issue.path || "cron",
          message: `${issue.path || "cron"}: ${issue.message}`,
        }))
      : [
          {
            field: typeof error.details?.field === "string" ? error.details.field : "cron",
            message: error.message,
          },
        ];
    return { error: issues[0]!, problems: issues };
  }
}

/**
 * What a trigger being written would do, before it is saved: when a schedule fires next, and
 * the message an agent subscriber receives (agentMessageFor, the renderer firings use; an
 * event is first shaped as the ingress shapes it). Computes only: reads and writes nothing.
 */
export function previewTrigger(request: TPreviewTriggerRequest, now = new Date()): TPreviewTriggerResponse {
  const name = request.name.trim() || PREVIEW_NAME_FALLBACK;
  const schedule =
    request.type === "schedule" && request.cron?.trim() ? previewSchedule(request.cron, request.timezone, now) : null;
  let input: Record<string, unknown> | null = null;
  if (request.type === "event" && request.event)
    input = { ...eventFiringInput(request.eventType?.trim() || "(event type)", request.event, now) };
  else if (request.type !== "event" && request.input) input = request.input;
  return { schedule, agentMessage: input ? agentMessageFor(name, input) : null };
}
