import type { TJsonSchema } from "@/server/integrations/types";

/** How far a schema is expanded, and how many nodes one tool's schema may hold in all. */
export const MAX_SCHEMA_DEPTH = 8;
export const MAX_SCHEMA_NODES = 2_000;

// OpenAPI annotations that mean nothing to a JSON schema consumer (the model, a validator).
const DROPPED_KEYWORDS = new Set(["xml", "discriminator", "externalDocs", "nullable"]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Follows a local JSON pointer ("#/components/schemas/Contact"); undefined when it goes nowhere. */
export function followPointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Resolves an object that may be a `$ref` (parameters, request bodies) one level deep. */
export function deref(document: unknown, value: unknown): Record<string, unknown> | undefined {
  let current = value;
  for (let hops = 0; hops < 5 && isObject(current) && typeof current.$ref === "string"; hops++)
    current = followPointer(document, current.$ref);
  return isObject(current) ? current : undefined;
}

/**
 * Inlines local `$ref`s of a schema so a tool's inputSchema stands alone. Cycles, external
 * references, depth beyond MAX_SCHEMA_DEPTH and schemas beyond MAX_SCHEMA_NODES become `{}`
 * (any value): the remote API still validates what it receives.
 */
export function inlineSchema(document: unknown, schema: unknown): TJsonSchema {
  let budget = MAX_SCHEMA_NODES;

  const visit = (node: unknown, depth: number, chain: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, depth, chain));
    if (!isObject(node)) return node;
    if (--budget < 0 || depth > MAX_SCHEMA_DEPTH) return {};
    if (typeof node.$ref === "string") {
      const ref = node.$ref;
      const target = followPointer(document, ref);
      if (chain.includes(ref) || !isObject(target)) return {};
      const { $ref: _ref, ...siblings } = node;
      return visit({ ...target, ...siblings }, depth, [...chain, ref]);
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED_KEYWORDS.has(key)) continue;
      // Maps of sub-schemas keep their keys; only the values are schemas.
      if (
        (key === "properties" || key === "patternProperties" || key === "$defs" || key === "definitions") &&
        isObject(value)
      ) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, visit(sub, depth + 1, chain)]));
      } else if (key === "example" || key === "examples" || key === "default" || key === "enum" || key === "const") {
        out[key] = value;
      } else {
        out[key] = visit(value, depth + 1, chain);
      }
    }
    // OpenAPI 3.0 `nullable: true` is JSON schema's `type: [T, "null"]`.
    if (node.nullable === true && typeof node.type === "string") out.type = [node.type, "null"];
    return out;
  };

  const result = visit(schema ?? {}, 0, []);
  return isObject(result) ? result : {};
}
