import { env } from "@/server/env";
import { pricedModels } from "./pricing";

/** The provider settings availability depends on (a subset of env, injectable in tests). */
export type TModelProviderConfig = {
  OPENAI_API_KEY?: string;
  ANTHROPIC_API_KEY?: string;
  OPENAI_COMPATIBLE_BASE_URL?: string;
  OPENAI_COMPATIBLE_API_KEY?: string;
  /** Override of the provider endpoints (proxies, gateways, and the local fake in tests). */
  OPENAI_BASE_URL?: string;
  ANTHROPIC_BASE_URL?: string;
};

export type TModelAvailability = { available: boolean; reason?: string };

/** Deterministic offline models (ARCHITECTURE.md, "Built-in models"); always available. */
export const BUILTIN_MODELS = ["builtin:echo", "builtin:procedure", "builtin:assistant"] as const;

/**
 * The model of a new agent whose creator names none: the built-in that follows the procedure
 * and calls its tools, so a first agent does what its procedure says on any deployment, with
 * or without a provider (builtin:echo ignores tools; a provider model is chosen on purpose,
 * since it costs money and sends data out: docs/decisions.md (A team runs the console)).
 */
export const DEFAULT_MODEL = "builtin:procedure";

type TProvider = { prefix: string; configured: (config: TModelProviderConfig) => boolean; needs: string };

const PROVIDERS: readonly TProvider[] = [
  { prefix: "openai:", configured: (config) => Boolean(config.OPENAI_API_KEY), needs: "OPENAI_API_KEY" },
  { prefix: "anthropic:", configured: (config) => Boolean(config.ANTHROPIC_API_KEY), needs: "ANTHROPIC_API_KEY" },
  {
    prefix: "openai-compatible:",
    configured: (config) => Boolean(config.OPENAI_COMPATIBLE_BASE_URL),
    needs: "OPENAI_COMPATIBLE_BASE_URL",
  },
];

/**
 * Whether an agent's Setup model can run on this deployment. Only availability: whether a
 * provider accepts the model name is known only when it is called, so any name is accepted
 * once the provider is configured. Read at call time, so the answer follows the environment.
 */
export function modelAvailability(model: string, config: TModelProviderConfig = env): TModelAvailability {
  if ((BUILTIN_MODELS as readonly string[]).includes(model)) return { available: true };
  if (model.startsWith("builtin:")) {
    return {
      available: false,
      reason: `Unknown built-in model "${model}"; the built-in models are ${BUILTIN_MODELS.join(" and ")}.`,
    };
  }
  const provider = PROVIDERS.find((candidate) => model.startsWith(candidate.prefix));
  if (!provider) {
    return {
      available: false,
      reason: `Unknown model "${model}". Use builtin:echo, builtin:procedure, or openai:<model>, anthropic:<model> or openai-compatible:<model>.`,
    };
  }
  if (model.length === provider.prefix.length) {
    return {
      available: false,
      reason: `"${model}" names no model after the provider prefix (for example ${provider.prefix}<model name>).`,
    };
  }
  if (!provider.configured(config)) {
    return {
      available: false,
      reason: `The ${provider.prefix.slice(0, -1)} provider is not configured on this service (${provider.needs} is not set).`,
    };
  }
  return { available: true };
}

/** What each built-in model does, in the words the model picker shows. */
const BUILTIN_DESCRIPTIONS: Record<(typeof BUILTIN_MODELS)[number], string> = {
  "builtin:echo": "Repeats the message and never calls tools.",
  "builtin:procedure":
    "Runs the procedure's call lines (#<tool> followed by a JSON object of arguments) in order; the default of a new agent.",
  "builtin:assistant": "Runs the tool lines written in each message.",
};

export type TRunnableModel = { id: string; description: string };
export type TModelProvider = { prefix: string; configured: boolean; needs: string };

/**
 * The models this deployment can run: the built-ins, then the priced models of each configured
 * provider (any other name after a configured provider's prefix runs too, so the picker still
 * takes a typed id), and every provider with whether it is configured.
 */
export function runnableModels(config: TModelProviderConfig = env): {
  models: TRunnableModel[];
  providers: TModelProvider[];
} {
  const configured = PROVIDERS.filter((provider) => provider.configured(config));
  const provided = pricedModels().filter((model) => configured.some((provider) => model.startsWith(provider.prefix)));
  return {
    models: [
      ...BUILTIN_MODELS.map((id) => ({ id, description: BUILTIN_DESCRIPTIONS[id] })),
      ...provided.map((id) => ({ id, description: `${id.slice(0, id.indexOf(":"))} model` })),
    ],
    providers: PROVIDERS.map((provider) => ({
      prefix: provider.prefix,
      configured: provider.configured(config),
      needs: provider.needs,
    })),
  };
}
