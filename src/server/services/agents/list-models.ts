import type { TListModelsResponse } from "@/contracts/agents/list-models";
import { runnableModels } from "@/server/models/registry";

/**
 * The models an agent of this installation can run, for the console's model picker. The same
 * registry decides availability when the verifier checks a Setup, so what the picker offers
 * always verifies. The environment is read at call time, like the verifier does.
 */
export function listModels(): TListModelsResponse {
  return runnableModels();
}
