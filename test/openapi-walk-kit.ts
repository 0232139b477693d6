import { randomUUID } from "node:crypto";
import { openApiDocument } from "../src/server/trpc/openapi-document";

/** Helpers that walk the served OpenAPI documents: operations, their path ids, sample bodies. */

type TSchema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type TDocument = { paths: Record<string, Record<string, TSchema>>; components?: { schemas?: Record<string, TSchema> } };

export type TWalkedOperation = {
  method: string;
  /** The path template below the surface prefix, e.g. "/agents/sessions/{sessionId}". */
  path: string;
  /** Path parameters in order; `choices` is set for the non-id ones (an enum such as provider). */
  parameters: Array<{ name: string; choices?: string[] }>;
  security: string[];
  /** A partner tenant route (issue 40): it acts as the person `X-Service-Subject` names. */
  tenant: boolean;
  body?: unknown;
};

function resolve(schema: TSchema, document: TDocument): TSchema {
  const ref = schema.$ref as string | undefined;
  return ref ? resolve(document.components!.schemas![ref.split("/").at(-1)!]!, document) : schema;
}

/**
 * The smallest value a schema accepts as far as this walk needs it: every required property,
 * the first enum value or alternative, minimum lengths and counts. Good enough that a body
 * passes validation and the route reaches the id lookup.
 */
export function sampleOf(raw: TSchema, document: TDocument, depth = 0): unknown {
  const schema = resolve(raw, document);
  if (depth > 8) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = schema.oneOf ?? schema.anyOf;
  if (alternative)
    return sampleOf(alternative.find((item: TSchema) => item.type !== "null") ?? alternative[0], document, depth + 1);
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((item: TSchema) => sampleOf(item, document, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((item: string) => item !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, TSchema>;
      return Object.fromEntries(
        (schema.required ?? []).map((name: string) => [name, sampleOf(properties[name] ?? {}, document, depth + 1)]),
      );
    }
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}, document, depth + 1));
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return false;
    case "string":
      if (schema.format === "uuid") return randomUUID();
      if (schema.format === "email") return "walker@example.com";
      if (schema.format === "uri") return "https://example.com/";
      if (schema.format === "date-time") return new Date().toISOString();
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return {};
  }
}

/** Every operation of a served document with at least one path parameter. */
export function operationsWithPathParameters(surface: "v1" | "partner-v1"): TWalkedOperation[] {
  const document = openApiDocument(surface) as unknown as TDocument;
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const parameters = ((operation.parameters ?? []) as TSchema[]).filter((parameter) => parameter.in === "path");
      if (!parameters.length) return [];
      const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
      return [
        {
          method: method.toUpperCase(),
          path,
          parameters: parameters.map((parameter) => ({
            name: parameter.name as string,
            choices: resolve(parameter.schema ?? {}, document).enum as string[] | undefined,
          })),
          security: ((operation.security ?? []) as Array<Record<string, unknown>>).flatMap((entry) =>
            Object.keys(entry),
          ),
          tenant: String(operation.operationId ?? "").startsWith("tenant-"),
          body: bodySchema ? sampleOf(bodySchema, document) : undefined,
        },
      ];
    }),
  );
}

/** A concrete path: each parameter from `values` by name, enum parameters their first choice. */
export function fillPath(operation: TWalkedOperation, values: Record<string, string>): string {
  return operation.parameters.reduce(
    (path, parameter) =>
      path.replace(
        `{${parameter.name}}`,
        encodeURIComponent(parameter.choices?.[0] ?? values[parameter.name] ?? randomUUID()),
      ),
    operation.path,
  );
}

/** What must be byte-identical between two refusals: status, content type, body. */
export async function refusalOf(
  response: Response,
): Promise<{ status: number; contentType: string | null; body: string }> {
  return { status: response.status, contentType: response.headers.get("content-type"), body: await response.text() };
}
