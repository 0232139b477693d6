import { parse, stringify } from "yaml";

export type TDocumentFormat = "yaml" | "json";

export type TParsedText = { ok: true; value: unknown } | { ok: false; message: string };

/** YAML is a superset of JSON, so one parser reads both formats the editor offers. */
export function parseDocument(text: string): TParsedText {
  try {
    return { ok: true, value: parse(text) ?? null };
  } catch (error) {
    return { ok: false, message: (error as Error).message.split("\n")[0]! };
  }
}

export function formatDocument(value: unknown, format: TDocumentFormat): string {
  return format === "json" ? `${JSON.stringify(value, null, 2)}\n` : stringify(value, { lineWidth: 0 });
}
