import { APICallError } from "ai";

export type TStreamErrorDetail = { code?: string; message: string };

type TLoose = Record<string, unknown> | undefined;

const asRecord = (value: unknown): TLoose =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const asText = (value: unknown): string | undefined =>
  typeof value === "string" && value ? value : typeof value === "number" ? String(value) : undefined;

/** The code and message of a provider's error frame (any of the three providers' shapes). */
function fromFrame(frame: TLoose): TStreamErrorDetail | undefined {
  if (!frame) return undefined;
  // OpenAI response.failed: { response: { error: { code, message } } }
  const failed = asRecord(asRecord(frame.response)?.error);
  // Anthropic { error: { type, message } } and Chat { error: { message, type, code } }
  const nested = asRecord(frame.error);
  const source = failed ?? nested ?? frame;
  const message = asText(source.message);
  if (!message) return undefined;
  const code = asText(source.code) ?? asText(source.type);
  return { code: code === "error" ? undefined : code, message };
}

/**
 * The provider's own code and message of an error event it sent inside a successful (2xx)
 * stream. The SDK hands these over as plain objects (Anthropic, Chat Completions), as an
 * object with the frame in `data` (OpenAI mid-stream), or as an APICallError with the frame in
 * `data` (OpenAI, when the error came before any output). Undefined for anything else.
 */
export function streamErrorDetail(error: unknown): TStreamErrorDetail | undefined {
  if (APICallError.isInstance(error)) return fromFrame(asRecord(error.data));
  if (error instanceof Error) return undefined;
  const record = asRecord(error);
  if (!record) return undefined;
  return fromFrame(asRecord(record.data)) ?? fromFrame(record);
}
