import { readableFrom, type TByteSource } from "@/server/events/byte-sink";

// Responses whose body can be written straight to Node's response. Weak: a response nobody
// served this way is collected with its source.
const sources = new WeakMap<Response, TByteSource>();

/**
 * A response whose body is a source: read as a web stream anywhere, or handed whole to Node's
 * response by the Pages route that serves held streams (pages-stream-route.ts), so an open
 * stream keeps no web request, stream or reader alive.
 */
export function sinkResponse(source: TByteSource, init: ResponseInit, signal?: AbortSignal): Response {
  const response = new Response(readableFrom(source, signal), init);
  sources.set(response, source);
  return response;
}

/** The source of a sinkResponse, for writing it to Node's response; its web body is then never read. */
export function takeSinkSource(response: Response): TByteSource | undefined {
  const source = sources.get(response);
  if (source) sources.delete(response);
  return source;
}
