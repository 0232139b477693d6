import type { TModelProviderConfig } from "../registry";
import type { TModelAdapter } from "../types";

/**
 * The adapter for `openai:<model>`, `anthropic:<model>` and `openai-compatible:<model>` through
 * the Vercel AI SDK. (Seam: implemented by the models work of issue 4.)
 */
export function createProviderModel(model: string, config: TModelProviderConfig & { OPENAI_COMPATIBLE_API_KEY?: string }): TModelAdapter {
  void config;
  throw new Error(`Provider models are not implemented yet (${model}).`);
}
