import { z } from "zod";
import { ZActionClass, ZActionClasses } from "@/contracts/assistant/actions";

/** Agent Setup bounds (spec section 2 and section 8). */
export const SETUP_LIMITS = {
  principles: 100_000,
  procedure: 200_000,
  approvalTools: 50,
  approvalToolLength: 100,
} as const;

export const ZPrinciples = z
  .string()
  .max(SETUP_LIMITS.principles, `must be at most ${SETUP_LIMITS.principles} characters`)
  .meta({ description: "What the agent must always respect. At most 100,000 characters." });

export const ZProcedure = z
  .string()
  .max(SETUP_LIMITS.procedure, `must be at most ${SETUP_LIMITS.procedure} characters`)
  .meta({ description: "How the agent works; refers to tools as `#<tool wire id>`. At most 200,000 characters." });

export const ZModel = z.string().trim().min(1, "must not be blank").meta({
  description:
    "Model id, trimmed and nonempty: `builtin:echo`, `builtin:procedure`, `openai:<model>`, `anthropic:<model>` or `openai-compatible:<model>`.",
});

export const ZApprovalTools = z
  .array(
    z
      .string()
      .min(1, "must not be empty")
      .max(SETUP_LIMITS.approvalToolLength, `must be at most ${SETUP_LIMITS.approvalToolLength} characters`),
  )
  .max(SETUP_LIMITS.approvalTools, `must have at most ${SETUP_LIMITS.approvalTools} entries`)
  .meta({
    description:
      "Tool wire ids (without `#`) whose calls wait for a person's approval. At most 50 entries, each 1-100 characters.",
  });

/**
 * The five Setup fields, each optional: a patch (omitted = unchanged) or an initial Setup. The
 * spec lists four; `actionClasses` (spec 4.8) is the fifth, for agents that answer assistant
 * workers, and a patch replaces the whole map as `approvalTools` replaces the whole list.
 */
export const SETUP_PATCH_SHAPE = {
  principles: ZPrinciples.optional(),
  procedure: ZProcedure.optional(),
  model: ZModel.optional(),
  approvalTools: ZApprovalTools.optional(),
  actionClasses: ZActionClasses.optional(),
};

export const ZSetupPatch = z.strictObject(SETUP_PATCH_SHAPE).meta({ id: "AgentSetupPatch" });
export type TSetupPatch = z.infer<typeof ZSetupPatch>;

export const ZSetup = z
  .object({
    principles: z.string(),
    procedure: z.string(),
    model: z.string(),
    approvalTools: z.array(z.string()),
    actionClasses: z
      .record(z.string(), ZActionClass)
      .meta({ description: "Tool wire id (without `#`) to the action class of its calls; `{}` when none." }),
  })
  .meta({ id: "AgentSetup", description: "The agent's draft Setup." });
export type TSetup = z.infer<typeof ZSetup>;

/** How a binding obtains its credential (section 5); mirrors IDENTITY_MODES of the server. */
export const ZIdentityMode = z.enum(["service", "caller_preferred", "caller_required"]).meta({
  description:
    "`service`: the organization's connection. `caller_preferred`: caller material when supplied, else the organization's. `caller_required`: caller material always.",
});
export type TIdentityModeValue = z.infer<typeof ZIdentityMode>;

export const ZBindingPolicies = z.record(z.string(), ZIdentityMode);
export type TBindingPolicies = z.infer<typeof ZBindingPolicies>;

export const ZBeltEntry = z.object({ integrationId: z.string(), identityMode: ZIdentityMode }).meta({
  id: "AgentBeltEntry",
  description: "A planned binding: an integration the procedure uses, and how it obtains its credential.",
});
export type TBeltEntry = z.infer<typeof ZBeltEntry>;

export const KNOWLEDGE_MODES = ["none", "org", "domain", "modules"] as const;
export const ZKnowledgeMode = z.enum(KNOWLEDGE_MODES);
export type TKnowledgeMode = z.infer<typeof ZKnowledgeMode>;

export const ZKnowledgeSelection = z
  .object({ mode: ZKnowledgeMode, moduleIds: z.array(z.uuid()) })
  .meta({ id: "AgentKnowledgeSelection", description: "Which knowledge the agent searches." });
export type TKnowledgeSelection = z.infer<typeof ZKnowledgeSelection>;

/** The id of an agent in a path. Any string: an id that is no agent's is 404, never 400. */
export const ZAgentPathId = z.string().meta({ description: "The agent's id (UUID)." });

/** The agent as the create route returns it (spec section 2, "Agent (create response)"). */
export const ZAgent = z
  .object({
    id: z.uuid(),
    domainId: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    kind: z.literal("agent"),
  })
  .meta({ id: "Agent" });
export type TAgent = z.infer<typeof ZAgent>;
