import { env } from "@/server/env";

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

export const DEFAULT_MODEL = "builtin:echo";

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
    return { available: false, reason: `Unknown built-in model "${model}"; the built-in models are ${BUILTIN_MODELS.join(" and ")}.` };
  }
  const provider = PROVIDERS.find((candidate) => model.startsWith(candidate.prefix));
  if (!provider) {
    return {
      available: false,
      reason: `Unknown model "${model}". Use builtin:echo, builtin:procedure, or openai:<model>, anthropic:<model> or openai-compatible:<model>.`,
    };
  }
  if (model.length === provider.prefix.length) {
    return { available: false, reason: `"${model}" names no model after the provider prefix (for example ${provider.prefix}<model name>).` };
  }
  if (!provider.configured(config)) {
    return { available: false, reason: `The ${provider.prefix.slice(0, -1)} provider is not configured on this service (${provider.needs} is not set).` };
  }
  return { available: true };
}
