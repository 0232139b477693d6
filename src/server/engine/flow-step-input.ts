import type { TFlowStep } from "@/contracts/flows/graph";
import {
  renderString,
  renderValue,
  resolveRef,
  templatesInValue,
  type TTemplateContext,
} from "@/contracts/flows/templates";
import { maskToolArgs } from "@/server/integrations/invoke-tool";

/**
 * What a step receives, its templates rendered against the run so far, as recorded on the step
 * when it starts (the console shows it beside the output). Templates only read the run's input
 * and earlier outputs, never credentials (those are resolved when a tool is invoked); header
 * values in tool args are redacted anyway, as tool calls show them. A transform's rendered
 * template is its output, so its input is the values its templates read rather than a copy.
 */
export function stepInput(step: TFlowStep, templates: TTemplateContext): Record<string, unknown> {
  switch (step.kind) {
    case "tool": {
      const rendered = renderValue(step.args, templates);
      const args =
        rendered && typeof rendered === "object" && !Array.isArray(rendered)
          ? (rendered as Record<string, unknown>)
          : {};
      return { tool: step.tool, args: maskToolArgs(args) };
    }
    case "branch":
      return {
        left: renderString(step.condition.left, templates) ?? null,
        operator: step.condition.operator,
        right: renderValue(step.condition.right, templates) ?? null,
      };
    case "transform":
      return {
        reads: Object.fromEntries(
          templatesInValue(step.output).map((found) => [
            found.text,
            found.ref ? (resolveRef(found.ref, templates) ?? null) : null,
          ]),
        ),
      };
    case "agent":
      return { automationId: step.automationId, prompt: renderString(step.prompt, templates) ?? null };
    case "approval":
      return { title: renderString(step.title, templates) ?? null };
  }
}
