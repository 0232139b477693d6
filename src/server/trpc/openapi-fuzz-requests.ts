import fc from "fast-check";
import { mutationOf, oddText, resolve, valueOf, type TJsonSchema, type TSchemaContext } from "./openapi-arbitraries";
import type { TFuzzRequest, TOperation, TParameter } from "./openapi-fuzz-kit";

/**
 * Requests for one operation: valid, boundary and invalid bodies, parameters, headers, content
 * types and credentials. Every request is a plain value (fast-check prints it on failure).
 */

/** Named Authorization (or Cookie) headers: real keys of each kind, and broken ones. */
export type TCredentials = Record<string, [string, string] | null>;

export type TFuzzPools = {
  credentials: TCredentials;
  /** Real values for path parameters, by parameter name (ids of the fixture world). */
  pathValues: Record<string, string[]>;
  /** Every real id, for uuid fields of bodies. */
  knownIds: string[];
  /** The credentials a surface accepts, sent most of the time so requests get past the door. */
  preferred: Record<string, string[]>;
};

// Text that is valid in a URL only once encoded, and encodings that decode to nothing valid.
const RAW_SEGMENTS = ["%", "%ZZ", "%E0%A4%A", "%ED%A0%80", "%00", "%2F..%2F", "..", "%F0%9F%98%80", "a%20b"];

function pathSegment(name: string, pools: TFuzzPools): fc.Arbitrary<string> {
  const real = pools.pathValues[name] ?? [];
  return fc.oneof(
    { arbitrary: real.length ? fc.constantFrom(...real).map(encodeURIComponent) : fc.uuid().map(String), weight: 6 },
    { arbitrary: fc.uuid({ version: 4 }).map(String), weight: 2 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
    {
      arbitrary: fc
        .oneof(oddText, fc.string({ maxLength: 300 }))
        .filter((text) => text.length > 0)
        .map(safeEncode),
      weight: 1,
    },
  );
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its raw UTF-8 bytes. */
function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

function queryValue(parameter: TParameter, context: TSchemaContext): fc.Arbitrary<string | undefined> {
  const valid = valueOf(parameter.schema ?? { type: "string" }, context).map((value) =>
    typeof value === "string" ? value : JSON.stringify(value),
  );
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: valid, weight: 4 },
    {
      arbitrary: fc.oneof(oddText, fc.constantFrom("", "-1", "1e999", "null", "[]", "z".repeat(201), "%ZZ")),
      weight: 2,
    },
  );
}

function queryString(parameters: TParameter[], context: TSchemaContext): fc.Arbitrary<string> {
  const query = parameters.filter((parameter) => parameter.in === "query");
  if (!query.length) return fc.constantFrom("", "", "?unknown=1", "?%ZZ=%ZZ");
  return fc.tuple(...query.map((parameter) => queryValue(parameter, context))).map((values) => {
    const search = new URLSearchParams();
    values.forEach((value, index) => value !== undefined && search.append(query[index]!.name, value));
    const text = search.toString();
    return text ? `?${text}` : "";
  });
}

// Header values must be ByteStrings (Latin-1); what a client cannot send here is not fuzzed.
const IDEMPOTENCY_KEYS = [
  "key-1",
  "a".repeat(128),
  "a".repeat(129),
  "",
  " ",
  "a,b",
  "has space",
  "caf\u00e9",
  "../x",
  "k:1.2_3-4",
];
const SUBJECTS = ["", "someone-else", "x".repeat(201), "\u00e9\u00e8", "1; DROP TABLE users"];

function optionalHeader(name: string, values: fc.Arbitrary<string>): fc.Arbitrary<[string, string][]> {
  return fc.oneof(
    { arbitrary: fc.constant<[string, string][]>([]), weight: 3 },
    { arbitrary: values.map((value) => [[name, value] as [string, string]]), weight: 1 },
  );
}

function extraHeaders(pools: TFuzzPools): fc.Arbitrary<[string, string][]> {
  const subjects = [...SUBJECTS, ...(pools.pathValues.w ?? [])];
  const idempotency = fc.oneof(fc.constantFrom(...IDEMPOTENCY_KEYS), fc.uuid().map(String));
  return fc
    .tuple(
      optionalHeader("idempotency-key", idempotency),
      optionalHeader("idempotency-key", idempotency),
      optionalHeader("x-service-subject", fc.constantFrom(...subjects)),
      optionalHeader("last-event-id", fc.constantFrom("0", "-1", "abc", "9".repeat(40))),
    )
    .map((lists) => lists.flat());
}

type TBody = { body?: string; contentType?: string; mustRefuse?: string };

/** Malformed or hostile payloads at the byte level. */
const RAW_BODIES: readonly TBody[] = [
  { body: "{", contentType: "application/json" },
  { body: '{"a":', contentType: "application/json" },
  { body: "[]", contentType: "application/json" },
  { body: "null", contentType: "application/json" },
  { body: "1e999", contentType: "application/json" },
  { body: '"text"', contentType: "application/json" },
  { body: '{"a":"\\ud800"}', contentType: "application/json" },
  { body: '{"a":"\\u0000"}', contentType: "application/json" },
  { body: `${"[".repeat(5000)}${"]".repeat(5000)}`, contentType: "application/json" },
  { body: '\uFEFF{"a":1}', contentType: "application/json" },
  { body: '{"a":1,"a":2}', contentType: "application/json" },
  { body: '{"__proto__":{"polluted":true}}', contentType: "application/json" },
  { body: "{}", contentType: "application/json; charset=utf-16" },
  { body: "{}", contentType: "text/plain" },
  { body: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
  {
    body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--",
    contentType: "multipart/form-data; boundary=x",
  },
  { body: "{}", contentType: undefined },
  { body: "", contentType: "application/json" },
  { body: "   ", contentType: "application/json" },
];

function isStrictObject(schema: TJsonSchema | undefined, context: TSchemaContext): boolean {
  return Boolean(schema) && resolve(schema!, context).additionalProperties === false;
}

function bodyOf(operation: TOperation, context: TSchemaContext): fc.Arbitrary<TBody> {
  const raw = fc.constantFrom(...RAW_BODIES);
  if (!operation.body) return fc.oneof({ arbitrary: fc.constant({}), weight: 3 }, { arbitrary: raw, weight: 1 });
  const schema = resolve(operation.body, context);
  const valid = valueOf(schema, context) as fc.Arbitrary<Record<string, unknown>>;
  const strict = isStrictObject(schema, context);
  const required = new Set((schema.required ?? []).filter((key) => schema.properties?.[key]?.default === undefined));
  const mutated = fc.tuple(valid, mutationOf(schema, context)).map(([value, mutation]): TBody => {
    // Refusal is certain for an unknown key in a strict body and for a missing required field.
    const certain =
      (mutation.kind.startsWith("extra key") && strict) ||
      (mutation.kind.startsWith("missing required ") && required.has(mutation.kind.slice(17)));
    return {
      body: JSON.stringify(mutation.apply(value)),
      contentType: "application/json",
      ...(certain ? { mustRefuse: mutation.kind } : {}),
    };
  });
  return fc.oneof(
    { arbitrary: valid.map((value) => ({ body: JSON.stringify(value), contentType: "application/json" })), weight: 5 },
    { arbitrary: mutated, weight: 4 },
    { arbitrary: raw, weight: 1 },
    { arbitrary: valid.map((value) => ({ body: JSON.stringify(value), contentType: "text/plain" })), weight: 1 },
  );
}

/** Requests for one operation of the served document. */
export function requestsFor(operation: TOperation, pools: TFuzzPools): fc.Arbitrary<TFuzzRequest> {
  const context: TSchemaContext = { components: operation.components, knownIds: pools.knownIds };
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const path = fc.tuple(...names.map((name) => pathSegment(name, pools))).map((segments) => {
    let index = 0;
    return operation.path.replace(/\{[^}]+\}/g, () => segments[index++]!);
  });
  const preferred = pools.preferred[operation.surface] ?? [];
  const credential = fc.oneof(
    { arbitrary: fc.constantFrom(...(preferred.length ? preferred : Object.keys(pools.credentials))), weight: 3 },
    { arbitrary: fc.constantFrom(...Object.keys(pools.credentials)), weight: 1 },
  );
  const method = fc.oneof(
    { arbitrary: fc.constant(operation.method), weight: 19 },
    { arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"), weight: 1 },
  );
  return fc
    .record({
      path,
      query: queryString(operation.parameters, context),
      credential,
      extra: extraHeaders(pools),
      body: bodyOf(operation, context),
      method,
    })
    .map(({ path: target, query, credential: name, extra, body, method: verb }) => {
      const auth = pools.credentials[name];
      const withBody = !["GET", "HEAD", "OPTIONS"].includes(verb);
      const headers: [string, string][] = [...(auth ? [auth] : []), ...extra];
      if (withBody && body.contentType) headers.push(["content-type", body.contentType]);
      return {
        method: verb,
        target: `${target}${query}`,
        headers,
        ...(withBody && body.body !== undefined ? { body: body.body } : {}),
        ...(withBody && body.mustRefuse && verb === operation.method ? { mustRefuse: body.mustRefuse } : {}),
        credential: name,
      };
    });
}
