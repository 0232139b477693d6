/** Where a long-lived stream's bytes go: a web stream's controller, or Node's response itself. */
export type TByteSink = { write(bytes: Uint8Array): void; end(): void };

/** Starts writing to the sink; returns the stop, for when the reader goes away. */
export type TByteSource = (sink: TByteSink) => () => void;

/**
 * A web stream over a source, started by the first read (a stream nobody reads costs nothing and
 * can be handed to Node's response instead, see http/sink-response.ts). The queue is the
 * source's pace, as an enqueue-only stream's always was.
 */
export function readableFrom(source: TByteSource, signal?: AbortSignal): ReadableStream<Uint8Array> {
  let stop: (() => void) | undefined;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (stop) return;
        stop = source({
          write: (bytes) => controller.enqueue(bytes),
          end: () => {
            try {
              controller.close();
            } catch {
              // Already closed or cancelled by the consumer.
            }
          },
        });
        if (!signal) return;
        if (signal.aborted) return stop();
        signal.addEventListener("abort", stop, { once: true });
      },
      cancel() {
        stop?.();
      },
    },
    { highWaterMark: 0 },
  );
}
