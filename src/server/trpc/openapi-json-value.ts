import type { OpenAPIObject } from "trpc-to-openapi";

/** The one component every "any JSON value" (zod's z.json()) refers to. */
const JSON_VALUE = "JsonValue";
const JSON_VALUE_REF = `#/components/schemas/${JSON_VALUE}`;

/** Whether a component is zod's recursive z.json(): the JSON scalars, and arrays and objects of itself. */
function isRecursiveJson(name: string, schema: unknown): boolean {
  const self = `#/components/schemas/${name}`;
  const expected = {
    anyOf: [
      { type: "string" },
      { type: "number" },
      { type: "boolean" },
      { type: "null" },
      { items: { $ref: self }, type: "array" },
      { additionalProperties: { $ref: self }, propertyNames: { type: "string" }, type: "object" },
    ],
  };
  return canonical(schema) === canonical(expected);
}

/** JSON with every object's keys sorted: zod's key order is not part of the schema. */
function canonical(node: unknown): string {
  if (Array.isArray(node)) return `[${node.map(canonical).join(",")}]`;
  if (!node || typeof node !== "object") return JSON.stringify(node);
  const keys = Object.keys(node).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((node as Record<string, unknown>)[key])}`).join(",")}}`;
}

function replaceRefs(node: unknown, replaced: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => replaceRefs(item, replaced));
  if (!node || typeof node !== "object") return node;
  const entries = Object.entries(node).map(([key, value]) =>
    key === "$ref" && typeof value === "string" && replaced.has(value)
      ? [key, JSON_VALUE_REF]
      : [key, replaceRefs(value, replaced)],
  );
  return Object.fromEntries(entries);
}

/**
 * zod states each z.json() as its own recursive component (`__schema0`, `__schema1`, ...): the
 * document then repeats one meaningless name per use, and generators choke on the recursion
 * (openapi-typescript's types refer to themselves, TS2502). Every such component becomes one
 * `JsonValue` that accepts any JSON value, which is what the service validates anyway.
 */
export function nameJsonValues(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  const replaced = new Set(
    Object.entries(schemas)
      .filter(([name, schema]) => isRecursiveJson(name, schema))
      .map(([name]) => `#/components/schemas/${name}`),
  );
  if (replaced.size === 0) return document;
  const kept = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => !replaced.has(`#/components/schemas/${name}`)),
  );
  const rewritten = replaceRefs({ ...document, components: { ...document.components, schemas: kept } }, replaced);
  const result = rewritten as OpenAPIObject;
  result.components!.schemas![JSON_VALUE] = {
    description: "Any JSON value: a string, number, boolean, null, array or object.",
  };
  return result;
}
