import fc from "fast-check";

/**
 * fast-check arbitraries derived from the JSON Schema of the served OpenAPI documents: values
 * that satisfy a schema (with its boundaries: empty and maximal strings, min and max numbers)
 * and mutations of them that break it in one place. Covers the subset our documents use
 * (object, array, string with lengths/pattern/format, number, integer, boolean, enum, const,
 * anyOf/oneOf, type lists such as ["string", "null"], $ref into components).
 */
export type TJsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  default?: unknown;
};

/** What a schema needs from its document: $ref targets and ids that exist in the database. */
export type TSchemaContext = { components: Record<string, TJsonSchema>; knownIds: readonly string[] };

// Strings longer than this are generated at their boundary only by a few fixed cases (an article
// body may hold 2,000,000 characters; thousands of such bodies would make the run crawl).
const LONGEST_GENERATED = 4_000;
const MAX_DEPTH = 4;

export function resolve(schema: TJsonSchema, context: TSchemaContext): TJsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  const target = context.components[name];
  if (!target) throw new Error(`Unresolvable $ref ${schema.$ref}`);
  return resolve(target, context);
}

/** Text that tests the edges of Unicode handling: astral, RTL, combining marks, NUL, escapes. */
const ODD_TEXTS = [
  "😀🚀𝔘𝔫𝔦",
  "\u202Eevil\u202C",
  "שָׁלוֹם مرحبا",
  "e\u0301\u0301\u0301",
  "nul\u0000byte",
  "\uFEFFbom",
  "line\nbreak\r\n",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00%2e%2e",
  "\\u0000",
];

export const oddText = fc.constantFrom(...ODD_TEXTS);

function stringArbitrary(schema: TJsonSchema, context: TSchemaContext): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 64);
  if (schema.format === "uuid")
    return fc.oneof(
      fc.constantFrom(...(context.knownIds.length ? context.knownIds : ["00000000-0000-4000-8000-000000000000"])),
      fc.uuid({ version: 4 }),
    );
  if (schema.format === "date-time") {
    return fc
      .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  // No `.filter` on lengths: a filter that rarely passes makes fast-check spin forever. A value
  // out of bounds is cut to size when it still matches, else sent as it is (an invalid value is
  // as good a probe; only certainly-invalid requests are asserted refused).
  const fit = (text: string) =>
    text.length > max && (!schema.pattern || new RegExp(schema.pattern).test(text.slice(0, max)))
      ? text.slice(0, max)
      : text;
  if (schema.format === "email") return fc.emailAddress().map(fit);
  if (schema.format === "uri") return fc.webUrl({ validSchemes: ["https"] }).map(fit);
  const singleClass = schema.pattern?.match(/^\^(\[[^\]]*\])[*+]\$$/);
  if (singleClass) {
    const unit = fc.stringMatching(new RegExp(`^${singleClass[1]}$`));
    return fc.string({
      unit,
      minLength: Math.max(min, schema.pattern!.endsWith("+$") ? 1 : 0),
      maxLength: Math.min(max, min + 24),
    });
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).map(fit);
  const boundaries: fc.Arbitrary<string>[] = [fc.constant("x".repeat(min))];
  if (max <= LONGEST_GENERATED) boundaries.push(fc.constant("y".repeat(max)));
  const ordinary = fc.string({ minLength: min, maxLength: Math.min(max, min + 24), unit: "grapheme" });
  const fitting = ODD_TEXTS.filter((text) => text.length >= min && text.length <= max);
  const unicode = fitting.length ? [{ arbitrary: fc.constantFrom(...fitting), weight: 1 }] : [];
  return fc.oneof({ arbitrary: ordinary, weight: 4 }, { arbitrary: fc.oneof(...boundaries), weight: 1 }, ...unicode);
}

function numberArbitrary(schema: TJsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const bounded = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(
    bounded,
    fc.constantFrom(min, max).map((value) => (integer ? Math.round(value) : value)),
  );
}

function objectArbitrary(
  schema: TJsonSchema,
  context: TSchemaContext,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  if (
    !Object.keys(properties).length &&
    schema.additionalProperties &&
    typeof schema.additionalProperties === "object"
  ) {
    const values = valueOf(schema.additionalProperties, context, depth + 1);
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 3 });
  }
  const record = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, valueOf(property, context, depth + 1)]),
  );
  return fc.record(record, {
    requiredKeys: (schema.required ?? []).filter((key) => key in properties),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Any JSON value, small: what `{}` (no constraint) accepts. */
const anyJson = fc.jsonValue({ maxDepth: 2 });

/** Values that satisfy the schema. */
export function valueOf(raw: TJsonSchema, context: TSchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw, context);
  if (depth > MAX_DEPTH) return fc.constant(schema.default ?? null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valueOf(alternative, context, depth)));
  if (schema.allOf?.length === 1) return valueOf(schema.allOf[0]!, context, depth);
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => valueOf({ ...schema, type }, context, depth)));
  switch (schema.type) {
    case "object":
      return objectArbitrary(schema, context, depth);
    case "array":
      return fc.array(valueOf(schema.items ?? {}, context, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      });
    case "string":
      return stringArbitrary(schema, context);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return anyJson;
  }
}

/** A value of the wrong JSON type for the schema (or out of its bounds when the type is right). */
export function invalidValueOf(raw: TJsonSchema, context: TSchemaContext): fc.Arbitrary<unknown> {
  const schema = resolve(raw, context);
  const types = new Set(Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
  const candidates: fc.Arbitrary<unknown>[] = [];
  if (!types.has("string") && !schema.enum) candidates.push(fc.constantFrom("", "text", "😀"));
  if (!types.has("number") && !types.has("integer")) candidates.push(fc.constantFrom(0, -1, 1e308, 2 ** 53 + 1));
  if (!types.has("boolean")) candidates.push(fc.boolean());
  if (!types.has("object")) candidates.push(fc.constant({ nested: { deeper: [1, "two"] } }));
  if (!types.has("array")) candidates.push(fc.constant([null, 1, "x"]));
  if (!types.has("null")) candidates.push(fc.constant(null));
  if (schema.maxLength !== undefined && schema.maxLength < 1_000_000)
    candidates.push(fc.constant("z".repeat(schema.maxLength + 1)));
  if (schema.minLength) candidates.push(fc.constant("z".repeat(schema.minLength - 1)));
  if (schema.enum) candidates.push(fc.constantFrom("NOT_A_VALUE", "", String(schema.enum[0]).toUpperCase() + "_"));
  if (schema.pattern || schema.format)
    candidates.push(fc.constantFrom("not-matching", " ", "\u0000", "00000000-0000-0000-0000-00000000000g"));
  if (schema.minimum !== undefined) candidates.push(fc.constant(schema.minimum - 1));
  if (schema.maximum !== undefined) candidates.push(fc.constant(schema.maximum + 1));
  if (types.has("integer")) candidates.push(fc.constant(1.5));
  return fc.oneof(...candidates);
}

export type TMutation = { kind: string; apply: (value: Record<string, unknown>) => Record<string, unknown> };

/**
 * One way to break an object that satisfies the schema: drop a required key, add an unknown
 * key, or put a wrong value under a known key. Each names what it did, for the failure report.
 */
export function mutationOf(raw: TJsonSchema, context: TSchemaContext): fc.Arbitrary<TMutation> {
  const schema = resolve(raw, context);
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const mutations: fc.Arbitrary<TMutation>[] = [
    fc
      .tuple(fc.constantFrom("unexpected", "__proto__", "constructor", "x\u0000y", "😀"), anyJson)
      .map(([key, extra]) => ({
        kind: `extra key ${JSON.stringify(key)}`,
        apply: (value) =>
          Object.defineProperty({ ...value }, key, {
            value: extra,
            enumerable: true,
            configurable: true,
            writable: true,
          }),
      })),
  ];
  if (required.length) {
    mutations.push(
      fc
        .constantFrom(...required)
        .map((key) => ({ kind: `missing required ${key}`, apply: ({ [key]: _dropped, ...rest }) => rest })),
    );
  }
  const keys = Object.keys(properties);
  if (keys.length) {
    mutations.push(
      fc.constantFrom(...keys).chain((key) =>
        invalidValueOf(properties[key]!, context).map((bad) => ({
          kind: `invalid ${key}: ${JSON.stringify(bad)?.slice(0, 60)}`,
          apply: (value) => ({ ...value, [key]: bad }),
        })),
      ),
    );
  }
  return fc.oneof(...mutations);
}
