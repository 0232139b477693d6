import { z } from "zod";

// Actions of an assistant worker (spec 4.8): the classes a tool call with an effect belongs to,
// and the modes a worker's policy gives them.

export const ACTION_CLASSES = [
  "email.send",
  "calendar.write",
  "calendar.accept",
  "inbox.tidy",
  "message.send",
  "purchase",
] as const;
export const ZActionClass = z
  .enum(ACTION_CLASSES)
  .meta({ id: "AssistantActionClass", description: "The class of an assistant action." });
export type TActionClass = z.infer<typeof ZActionClass>;

/** A policy rule's action: one class, or `*` for every class without a rule of its own. */
export const ZPolicyAction = z.enum([...ACTION_CLASSES, "*"]);
export type TPolicyAction = z.infer<typeof ZPolicyAction>;

/** Strictest first: among rules of equal rank, the earliest mode of this list wins. */
export const POLICY_MODES = ["never", "ask", "allow"] as const;
export const ZPolicyMode = z.enum(POLICY_MODES).meta({
  description: "`never`: refused in code before it runs; `ask`: waits for the end user's approval; `allow`: runs.",
});
export type TPolicyMode = z.infer<typeof ZPolicyMode>;

export const ACTION_CLASS_LIMITS = { entries: 50, toolLength: 100 } as const;

/**
 * The agent Setup's map from a tool wire id (without `#`) to the action class of its calls. A
 * tool not named is read-only: its calls run without a policy decision. The mail and calendar
 * tools carry their own classes and need no entry.
 */
export const ZActionClasses = z
  .record(
    z
      .string()
      .min(1, "must not be empty")
      .max(ACTION_CLASS_LIMITS.toolLength, `must be at most ${ACTION_CLASS_LIMITS.toolLength} characters`),
    ZActionClass,
  )
  .refine(
    (map) => Object.keys(map).length <= ACTION_CLASS_LIMITS.entries,
    `must have at most ${ACTION_CLASS_LIMITS.entries} entries`,
  )
  .meta({
    description:
      "Tool wire id (without `#`) to the action class of its calls, for agents that answer assistant workers: each call of a named tool is an action the worker's policy decides (never, ask, allow). At most 50 entries.",
  });
export type TActionClasses = z.infer<typeof ZActionClasses>;
