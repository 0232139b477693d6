import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { TSurface } from "@/contracts/common/meta";
import { openApiDocument } from "./openapi-document";

type TMedia = { schema?: unknown };
type TResponse = { content?: Record<string, TMedia>; headers?: Record<string, { required?: boolean }> };
type TOperationResponses = Record<string, TResponse>;

const COMPONENTS_ID = "components.json";
const validators = new Map<TSurface, Ajv2020>();

/**
 * One JSON Schema validator per document, holding its components: OpenAPI 3.1 schemas are JSON
 * Schema 2020-12. OpenAPI's own keywords (`discriminator`, `example`) are not JSON Schema, so
 * strict mode is off; formats are not checked (the server's formats are zod's, stricter).
 */
function validatorOf(surface: TSurface): Ajv2020 {
  let ajv = validators.get(surface);
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
    ajv.addSchema({ $id: COMPONENTS_ID, components: openApiDocument(surface).components ?? {} });
    validators.set(surface, ajv);
  }
  return ajv;
}

const compiled = new Map<string, ValidateFunction>();

function schemaValidator(surface: TSurface, key: string, schema: unknown): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    // The document's refs are local (#/components/...): point them at the components schema.
    const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${COMPONENTS_ID}#/components/`));
    validate = validatorOf(surface).compile(rooted as object);
    compiled.set(key, validate);
  }
  return validate;
}

function responsesOf(surface: TSurface, path: string, method: string): TOperationResponses {
  const item = (openApiDocument(surface).paths ?? {})[path] as Record<string, { responses?: TOperationResponses }>;
  return item?.[method.toLowerCase()]?.responses ?? {};
}

/**
 * What an answer breaks of its operation's documented responses: a status the document does not
 * list, a JSON answer not served as application/json, a body its schema refuses, a required
 * response header missing. Empty when the answer conforms.
 */
export function conformanceProblems(
  surface: TSurface,
  operation: { path: string; method: string },
  answer: { status: number; headers: Headers; text: string },
): string[] {
  const responses = responsesOf(surface, operation.path, operation.method);
  const documented = responses[String(answer.status)];
  if (!documented)
    return [`status ${answer.status} is not documented (documented: ${Object.keys(responses).join(", ")})`];
  const problems: string[] = [];
  for (const [name, header] of Object.entries(documented.headers ?? {}))
    if (header.required && !answer.headers.has(name)) problems.push(`required header ${name} is missing`);
  const media = documented.content?.["application/json"];
  if (!media?.schema) return problems;
  const type = answer.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json"))
    return [...problems, `content type ${type || "(none)"}, not application/json`];
  const key = `${surface} ${operation.method} ${operation.path} ${answer.status}`;
  const validate = schemaValidator(surface, key, media.schema);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...problems, "the body is not JSON"];
  }
  if (!validate(body))
    problems.push(`the body does not match its schema: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  return problems;
}
