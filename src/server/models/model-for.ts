import { env } from "@/server/env";
import { createProviderModel } from "./ai-sdk/create-provider-model";
import { assistantModel } from "./builtin/assistant-model";
import { counted } from "./builtin/counted";
import { echoModel } from "./builtin/echo-model";
import { procedureModel } from "./builtin/procedure-model";
import { ModelError, type TModelAdapter } from "./types";

const BUILTINS: Record<string, TModelAdapter> = {
  "builtin:echo": counted(echoModel),
  "builtin:procedure": counted(procedureModel),
  "builtin:assistant": counted(assistantModel),
};

/**
 * The adapter for an agent's Setup model: the offline built-ins, or a provider through the AI
 * SDK. An unknown built-in is MODEL_UNAVAILABLE (the turn fails with that code).
 */
export function modelFor(model: string): TModelAdapter {
  if (model.startsWith("builtin:")) {
    const builtin = BUILTINS[model];
    if (!builtin)
      throw new ModelError(
        "MODEL_UNAVAILABLE",
        `Unknown built-in model "${model}"; use builtin:echo, builtin:procedure or builtin:assistant.`,
      );
    return builtin;
  }
  try {
    return createProviderModel(model, env);
  } catch (error) {
    if (error instanceof ModelError) throw error;
    throw new ModelError(
      "MODEL_UNAVAILABLE",
      error instanceof Error ? error.message : `The model "${model}" is not available.`,
    );
  }
}
