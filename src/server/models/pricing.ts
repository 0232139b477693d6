/**
 * List prices in USD per million tokens, by `provider:model`. A small table on purpose: prices
 * change and providers add models faster than we release, so an unknown model costs 0 (its
 * tokens still count against a token budget) rather than failing the turn. Dated snapshot;
 * update it with the providers' public price pages.
 */
type TPrice = { inputPerMTok: number; outputPerMTok: number };

const PRICES: Record<string, TPrice> = {
  "openai:gpt-4o": { inputPerMTok: 2.5, outputPerMTok: 10 },
  "openai:gpt-4o-mini": { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  "openai:gpt-4.1": { inputPerMTok: 2, outputPerMTok: 8 },
  "openai:gpt-4.1-mini": { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  "openai:gpt-4.1-nano": { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  "openai:gpt-5": { inputPerMTok: 1.25, outputPerMTok: 10 },
  "openai:gpt-5-mini": { inputPerMTok: 0.25, outputPerMTok: 2 },
  "openai:gpt-5-nano": { inputPerMTok: 0.05, outputPerMTok: 0.4 },
  "openai:o4-mini": { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  "anthropic:claude-opus-4-1": { inputPerMTok: 15, outputPerMTok: 75 },
  "anthropic:claude-sonnet-4-5": { inputPerMTok: 3, outputPerMTok: 15 },
  "anthropic:claude-sonnet-4-0": { inputPerMTok: 3, outputPerMTok: 15 },
  "anthropic:claude-haiku-4-5": { inputPerMTok: 1, outputPerMTok: 5 },
  "anthropic:claude-3-5-haiku-latest": { inputPerMTok: 0.8, outputPerMTok: 4 },
};

/** The `provider:model` ids the price table knows, in table order (the picker's suggestions). */
export function pricedModels(): string[] {
  return Object.keys(PRICES);
}

/** The price of a model, or undefined when the table does not know it (cost then counts as 0). */
export function modelPrice(model: string): TPrice | undefined {
  return PRICES[model];
}

/**
 * Cost in micro-USD. USD per million tokens times tokens is exactly micro-USD, so no unit
 * conversion; rounded up so a non-zero usage of a priced model never records as free.
 */
export function costMicroUsd(model: string, inputTokens: number, outputTokens: number): number {
  const price = modelPrice(model);
  if (!price) return 0;
  return Math.ceil(inputTokens * price.inputPerMTok + outputTokens * price.outputPerMTok);
}
