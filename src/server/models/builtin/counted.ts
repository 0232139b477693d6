import type { TModelAdapter } from "@/server/models/types";
import { notifyModelCall } from "@/server/models/call-observer";

/** A built-in model whose calls are counted in /api/metrics under provider "builtin". */
export function counted(model: TModelAdapter): TModelAdapter {
  return {
    id: model.id,
    async generate(request) {
      const startedAt = performance.now();
      const labels = { provider: "builtin", model: model.id };
      try {
        const step = await model.generate(request);
        const seconds = (performance.now() - startedAt) / 1000;
        notifyModelCall({ ...labels, outcome: "ok", seconds, ...step.usage });
        return step;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const outcome = typeof code === "string" ? code : "MODEL_FAILED";
        notifyModelCall({ ...labels, outcome, seconds: (performance.now() - startedAt) / 1000 });
        throw error;
      }
    },
  };
}
