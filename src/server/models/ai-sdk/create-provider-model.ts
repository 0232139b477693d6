import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { TModelProviderConfig } from "@/server/models/registry";
import { ModelError, type TModelAdapter } from "@/server/models/types";
import { generateStep, type TModelBuilder } from "./generate-step";
import type { TProviderLabel } from "./map-provider-error";

export type TProviderModelOptions = {
  /** AI SDK retries of 429/5xx/network failures with backoff before a step fails (default 2). */
  maxRetries?: number;
};

/** The provider's model (built per call, around the call's fetch) and its label. */
type TResolved = { build: TModelBuilder; label: TProviderLabel };

function resolve(model: string, config: TModelProviderConfig): TResolved {
  const [prefix, ...rest] = model.split(":");
  const modelId = rest.join(":");
  if (!modelId) throw new ModelError("MODEL_UNAVAILABLE", `"${model}" names no model after the provider prefix.`);
  if (prefix === "openai") {
    const apiKey = config.OPENAI_API_KEY ?? "";
    // The Responses API is the provider's default endpoint for language models.
    const baseURL = config.OPENAI_BASE_URL || undefined;
    return {
      build: (fetch) => createOpenAI({ apiKey, baseURL, fetch })(modelId),
      label: { provider: "openai", model, keyVariable: "OPENAI_API_KEY", secrets: [apiKey] },
    };
  }
  if (prefix === "anthropic") {
    const apiKey = config.ANTHROPIC_API_KEY ?? "";
    const baseURL = config.ANTHROPIC_BASE_URL || undefined;
    return {
      build: (fetch) => createAnthropic({ apiKey, baseURL, fetch })(modelId),
      label: { provider: "anthropic", model, keyVariable: "ANTHROPIC_API_KEY", secrets: [apiKey] },
    };
  }
  if (prefix === "openai-compatible") {
    if (!config.OPENAI_COMPATIBLE_BASE_URL) {
      throw new ModelError(
        "MODEL_UNAVAILABLE",
        "The openai-compatible provider is not configured (OPENAI_COMPATIBLE_BASE_URL is not set).",
      );
    }
    const apiKey = config.OPENAI_COMPATIBLE_API_KEY || undefined;
    const baseURL = config.OPENAI_COMPATIBLE_BASE_URL;
    const build: TModelBuilder = (fetch) =>
      createOpenAICompatible({ name: "openai-compatible", baseURL, apiKey, includeUsage: true, fetch }).chatModel(
        modelId,
      );
    const label: TProviderLabel = {
      provider: "openai-compatible",
      model,
      keyVariable: "OPENAI_COMPATIBLE_API_KEY",
      secrets: apiKey ? [apiKey] : [],
    };
    return { build, label };
  }
  throw new ModelError("MODEL_UNAVAILABLE", `Unknown model provider in "${model}".`);
}

/**
 * The adapter for `openai:<model>`, `anthropic:<model>` and `openai-compatible:<model>` through
 * the Vercel AI SDK. Each generate() is exactly one model step: tools are offered without an
 * execute function, so the SDK hands tool calls back and the turn loop runs them (approvals,
 * caller credentials, events) before calling again with the results.
 */
export function createProviderModel(
  model: string,
  config: TModelProviderConfig & { OPENAI_COMPATIBLE_API_KEY?: string },
  options: TProviderModelOptions = {},
): TModelAdapter {
  const resolved = resolve(model, config);
  return {
    id: model,
    generate: (request) => generateStep(resolved.build, resolved.label, request, options.maxRetries ?? 2),
  };
}
