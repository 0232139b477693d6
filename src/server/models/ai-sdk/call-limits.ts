import { ModelError } from "@/server/models/types";

export type TCallLimitSettings = { firstByteSeconds: number; idleSeconds: number };

/**
 * The time limits of one model call, as one abort signal for the SDK: the caller's signal (turn
 * deadline, lost claim) or either limit aborts it.
 * - First byte: from the start of the call until the provider answers with a successful (2xx)
 *   response. It bounds the whole call, the SDK's retries of 429/5xx included (an error
 *   response does not stop the clock), so a failing provider costs at most this long.
 * - Stream idle: once answering, the longest silence between two stream parts.
 * Past either, the call is aborted (the SDK does not retry an abort) and `timeout()` is the
 * MODEL_TIMEOUT error saying which limit.
 */
export type TCallLimits = {
  signal: AbortSignal;
  /** The provider answered with headers; `ok` = 2xx (stops the first-byte clock). */
  responded(ok: boolean): void;
  /** A stream part arrived (resets the idle clock). */
  activity(): void;
  /** The MODEL_TIMEOUT error when a limit fired. */
  timeout(): ModelError | undefined;
  dispose(): void;
};

export function startCallLimits(caller: AbortSignal, provider: string, settings: TCallLimitSettings): TCallLimits {
  const controller = new AbortController();
  let fired: ModelError | undefined;
  let timer: NodeJS.Timeout | undefined;
  let streaming = false;
  let lastActivity = 0;
  const idleMs = settings.idleSeconds * 1000;
  const fire = (message: string) => {
    fired = new ModelError("MODEL_TIMEOUT", message);
    controller.abort(fired);
  };
  timer = setTimeout(
    () =>
      fire(
        `The ${provider} provider sent nothing for ${settings.firstByteSeconds} s (MODEL_FIRST_BYTE_TIMEOUT_SECONDS); the call was stopped.`,
      ),
    settings.firstByteSeconds * 1000,
  );
  // One timer for the idle limit, rescheduled for the time left rather than on every part.
  const checkIdle = () => {
    const left = lastActivity + idleMs - Date.now();
    if (left > 0) timer = setTimeout(checkIdle, left);
    else
      fire(
        `The ${provider} provider stopped sending its answer for ${settings.idleSeconds} s (MODEL_STREAM_IDLE_TIMEOUT_SECONDS); the call was stopped.`,
      );
  };
  return {
    signal: AbortSignal.any([caller, controller.signal]),
    responded(ok) {
      if (!ok || streaming || fired) return;
      streaming = true;
      clearTimeout(timer);
      lastActivity = Date.now();
      timer = setTimeout(checkIdle, idleMs);
    },
    activity() {
      lastActivity = Date.now();
    },
    timeout: () => fired,
    dispose: () => clearTimeout(timer),
  };
}
