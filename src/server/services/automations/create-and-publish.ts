import type { z } from "zod";
import type { TBindingPolicies } from "@/contracts/agents/setup";
import type { TUserActor } from "@/server/auth/actor";
import { AppError } from "@/server/errors";
import type { TAutomationKind } from "./automation-access";
import { setBindingPolicies } from "./set-binding-policies";

/** The routes validate with the contracts before a service runs; so do these conveniences. */
export function valid<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new AppError("VALIDATION", `Invalid request: ${issue.path.join(".")}: ${issue.message}.`, {
    details: {
      issues: parsed.error.issues.map((item) => ({
        path: item.path.join("."),
        message: item.message,
        code: item.code,
      })),
    },
  });
}

export type TCreateAndPublishSteps<TCreated extends { id: string }, TPublished> = {
  /** Creates the draft (validating its request first). */
  create: () => Promise<TCreated>;
  /** The binding policies request for the new id, validated by the kind's contract. */
  bindings: (id: string, policies: TBindingPolicies) => { id: string; policies: TBindingPolicies };
  /** The kind's own draft edits between bindings and publish (agents: Setup, knowledge). */
  edit?: (id: string) => Promise<void>;
  publish: (id: string) => Promise<TPublished>;
};

/**
 * Creates an agent or a flow and publishes revision 1 through the same services the routes
 * use, so fixtures and demos obey every rule (permissions, bounds, verifier). Not one
 * transaction: a refused publish leaves the draft behind, as the routes would.
 */
export async function createAndPublish<TCreated extends { id: string }, TPublished>(
  kind: TAutomationKind,
  actor: TUserActor,
  bindingPolicies: TBindingPolicies | undefined,
  steps: TCreateAndPublishSteps<TCreated, TPublished>,
): Promise<{ created: TCreated; published: TPublished }> {
  const created = await steps.create();
  if (bindingPolicies) await setBindingPolicies(kind, actor, steps.bindings(created.id, bindingPolicies));
  await steps.edit?.(created.id);
  return { created, published: await steps.publish(created.id) };
}
