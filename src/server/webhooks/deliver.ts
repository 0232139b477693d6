import { httpToolAllowedHosts } from "@/server/env";
import { findAppError } from "@/server/errors";
import { countWebhookDelivery } from "@/server/observability/metrics";
import { resolveTarget, sendPinned, type THostLookup } from "@/server/integrations/http/pinned-request";
import { parseRetryAfter } from "./schedule";
import { signWebhook } from "./sign";

/** A 2xx within this long is success (spec 6.2); anything slower is a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** The receiver's answer is not used; reading a little of it keeps the connection honest. */
const RESPONSE_BYTES = 4096;

export type TDeliveryOutcome = {
  ok: boolean;
  statusCode: number | null;
  /** Why the attempt failed, in words (never the secret); null on success. */
  error: string | null;
  retryAfterSeconds: number | null;
  durationMs: number;
};

type TDeliverOptions = {
  url: string;
  secret: string;
  body: string;
  timeoutMs?: number;
  allowedHosts?: readonly string[];
  lookup?: THostLookup;
};

/**
 * One signed POST of the stored body bytes. The URL passes the HTTP tool's SSRF guard on every
 * attempt (its host may resolve elsewhere since it was configured), and the socket connects
 * only to the addresses that were checked.
 */
export async function deliverOnce(options: TDeliverOptions): Promise<TDeliveryOutcome> {
  const started = Date.now();
  const finish = (outcome: Omit<TDeliveryOutcome, "durationMs">, error?: unknown): TDeliveryOutcome => {
    countWebhookDelivery(
      outcome.ok
        ? "delivered"
        : outcome.statusCode !== null
          ? "http_error"
          : findAppError(error)
            ? "refused"
            : "network_error",
    );
    return { ...outcome, durationMs: Date.now() - started };
  };
  try {
    const url = new URL(options.url);
    const target = await resolveTarget(url, options.allowedHosts ?? httpToolAllowedHosts(), options.lookup);
    const body = Buffer.from(options.body, "utf8");
    const response = await sendPinned({
      url,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "agent-automation-service-webhooks/1",
        "content-length": String(body.length),
        ...signWebhook(options.secret, options.body),
      },
      body,
      target,
      signal: AbortSignal.timeout(options.timeoutMs ?? DELIVERY_TIMEOUT_MS),
      maxBytes: RESPONSE_BYTES,
    });
    const ok = response.status >= 200 && response.status < 300;
    return finish({
      ok,
      statusCode: response.status,
      error: ok ? null : `The receiver answered ${response.status}.`,
      retryAfterSeconds: ok ? null : parseRetryAfter(response.headers["retry-after"]),
    });
  } catch (error) {
    return finish(
      {
        ok: false,
        statusCode: null,
        error: describeFailure(error, options.timeoutMs ?? DELIVERY_TIMEOUT_MS),
        retryAfterSeconds: null,
      },
      error,
    );
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const appError = findAppError(error);
  if (appError) return appError.message;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `No answer within ${timeoutMs / 1000} s.`;
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? `The connection failed (${code}).` : "The connection failed.";
}
