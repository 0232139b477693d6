import { log } from "@/server/log";
import { notifyModelCall } from "@/server/models/call-observer";
import type { ModelError } from "@/server/models/types";
import type { TProviderLabel } from "./map-provider-error";
import type { TWireFacts } from "./observed-fetch";

type TCallEnd = {
  label: TProviderLabel;
  startedAt: number;
  wire: TWireFacts;
  usage?: { inputTokens: number; outputTokens: number };
  error?: ModelError;
};

/**
 * Counts one provider call and, when it failed, logs it once: provider, model, HTTP status,
 * code, the provider's request id and the (already redacted) message; never a key or the body.
 */
export function reportModelCall(end: TCallEnd): void {
  const { label, wire, error } = end;
  const provider = label.provider;
  const model = label.model;
  notifyModelCall({
    provider,
    model,
    outcome: error ? error.code : "ok",
    seconds: (performance.now() - end.startedAt) / 1000,
    inputTokens: end.usage?.inputTokens,
    outputTokens: end.usage?.outputTokens,
  });
  if (!error) return;
  log.warn("model call failed", {
    provider,
    model,
    httpStatus: wire.status ?? null,
    code: error.code,
    providerRequestId: wire.requestId ?? null,
    message: error.message,
  });
}
