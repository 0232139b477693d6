// `npx tsx scripts/sdk/generate-typescript.ts [--check]`
// Regenerates the TypeScript SDK from the app's OpenAPI documents: exports them to
// sdk/openapi/*.json (scripts/sdk/export-openapi.ts), renders their types with
// openapi-typescript (a devDependency of sdk/typescript, installed here when missing), and
// writes one method per operation to sdk/typescript/src/generated/*.operations.ts. With
// --check it regenerates into a scratch copy and fails when the checked-in files differ
// (the CI stale check).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const ROOT = resolve(import.meta.dirname, "../..");
const SDK = join(ROOT, "sdk/typescript");
const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });

type TParameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean };
type TOperation = {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type TDocument = { paths: Record<string, Record<string, TOperation>> };

const SURFACES = [
  { file: "v1", factory: "v1Operations", prefix: "/api/v1" },
  { file: "partner-v1", factory: "partnerV1Operations", prefix: "/api/partner/v1" },
] as const;

/** The SSE route: not a JSON call, served by the runtime's reconnecting iterator. */
const STREAM_OPERATION = "agents-sessions-stream";
/** The SSE operations: the v1 stream and its partner tenant twin (same frames, another path). */
const STREAM_OPERATIONS = new Set([STREAM_OPERATION, "tenant-sessions-stream"]);

/** A path template as a template literal over the call's input, e.g. `/x/${encodeURIComponent(input.id)}`. */
const pathExpression = (path: string) =>
  "`" + path.replace(/\{(\w+)\}/g, (_match, name: string) => `\${encodeURIComponent(input.${name})}`) + "`";
/** Where each operation sits on the client (`resource.method`), shared with the Python generator. */
// A route with two bodies (a oneOf) is one method per body: `{ "workers.create": { body, result }, ... }`.
type TSplit = Record<string, { body: string; result: string }>;
const METHOD_NAMES = JSON.parse(readFileSync(join(ROOT, "scripts/sdk/method-names.json"), "utf8")) as Record<
  string,
  Record<string, string | TSplit>
>;

type TClientMethod = { segments: string[]; body?: string; result?: string };

/** The client methods of an operation; an operation the table does not name stops the generation. */
function clientMethods(file: string, id: string): TClientMethod[] {
  const entry = METHOD_NAMES[file]?.[id];
  if (!entry)
    throw new Error(`scripts/sdk/method-names.json names no method for ${file} ${id}: add one (resource.method).`);
  if (typeof entry === "string") return [{ segments: entry.split(".") }];
  return Object.entries(entry).map(([name, { body, result }]) => ({ segments: name.split("."), body, result }));
}

function pascal(segment: string): string {
  return segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

function jsdoc(operation: TOperation, method: string, path: string, indent: string): string {
  const lines = [
    `${operation.summary ?? operation.operationId}.`.replace(/\.\.$/, "."),
    "",
    ...(operation.description ?? "").split("\n"),
    "",
    `\`${method.toUpperCase()} ${path}\``,
  ];
  const body = lines.map((line) => `${indent} *${line ? ` ${line.replace(/\*\//g, "*\\/")}` : ""}`).join("\n");
  return `${indent}/**\n${body}\n${indent} */`;
}

/** Idempotency-keyed operations say so in their description or errors (IDEMPOTENCY_* codes). */
function isIdempotent(method: string, operation: TOperation): boolean {
  return method !== "get" && /idempotency/i.test(JSON.stringify(operation));
}

type TTree = { [name: string]: TTree | string };

function renderOperations(surface: (typeof SURFACES)[number], document: TDocument): string {
  const types: string[] = [];
  const specs: string[] = [];
  const tree: TTree = {};
  const entries = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => typeof operation === "object" && operation && "responses" in operation)
      .map(([method, operation]) => ({ path, method, operation })),
  );
  entries.sort((a, b) => a.operation.operationId.localeCompare(b.operation.operationId));
  const gone = Object.keys(METHOD_NAMES[surface.file] ?? {}).filter(
    (id) => !entries.some((entry) => entry.operation.operationId === id),
  );
  if (gone.length)
    throw new Error(`scripts/sdk/method-names.json names operations ${surface.file} lacks: ${gone.join(", ")}`);
  for (const { path, method, operation } of entries) {
    const id = operation.operationId;
    const name = pascal(id);
    const op = `operations[${JSON.stringify(id)}]`;
    const parameters = operation.parameters ?? [];
    const pathParams = parameters.filter((p) => p.in === "path").map((p) => p.name);
    const queryParams = parameters.filter((p) => p.in === "query").map((p) => p.name);
    const hasBody = Boolean(operation.requestBody?.content?.["application/json"]);
    const parts = [
      pathParams.length ? `${op}["parameters"]["path"]` : null,
      queryParams.length ? `NonNullable<${op}["parameters"]["query"]>` : null,
      hasBody ? `NonNullable<${op}["requestBody"]>["content"]["application/json"]` : null,
    ].filter(Boolean);
    const inputOptional = pathParams.length === 0 && !hasBody;
    const successes = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
    const outputs = successes.map((status) =>
      operation.responses[status]!.content?.["application/json"]
        ? `${op}["responses"][${status}]["content"]["application/json"]`
        : "undefined",
    );
    const doc = jsdoc(operation, method, path, "@@");
    const place = (segments: string[], text: string) => {
      let node = tree;
      for (const segment of segments.slice(0, -1)) node = (node[segment] ??= {}) as TTree;
      const leaf = segments.at(-1)!;
      if (node[leaf] !== undefined) throw new Error(`Two operations map to the client method ${segments.join(".")}`);
      node[leaf] = text.replace("@@LEAF", leaf);
    };
    const methods = clientMethods(surface.file, id);
    if (STREAM_OPERATIONS.has(id)) {
      types.push(`export type ${name}Input = ${op}["parameters"]["path"];`);
      const streamPath = id === STREAM_OPERATION ? "" : `, ${pathExpression(path)}`;
      place(
        methods[0]!.segments,
        `${doc}\n@@@@LEAF: (input: ${name}Input, options?: SessionStreamOptions): AsyncGenerator<SessionStreamEnvelope, void, undefined> =>\n@@  followSessionStream(transport, input.sessionId, options${streamPath}),`,
      );
      continue;
    }
    const idempotent = isIdempotent(method, operation);
    // A second approval decision must never be sent by a retry; keyed decisions are replayed safely.
    // A POST without a key is sent once: after it may have reached the service, a retry could do it twice.
    const retry = !idempotent && method === "post" ? "rate-limit-only" : "default";
    specs.push(
      `  ${JSON.stringify(id)}: { method: ${JSON.stringify(method.toUpperCase())}, path: ${JSON.stringify(path)}, pathParams: ${JSON.stringify(pathParams)}, queryParams: ${JSON.stringify(queryParams)}, hasBody: ${hasBody}, idempotent: ${idempotent}, retry: ${JSON.stringify(retry)} },`,
    );
    for (const { segments, body, result } of methods) {
      // One body of a two-body route: its own input and answer, named by the method.
      const typeName = body ? pascal(segments.join("-")) : name;
      const inputParts = body ? [...parts.slice(0, -1), `components["schemas"][${JSON.stringify(body)}]`] : parts;
      const output = body ? `components["schemas"][${JSON.stringify(result)}]` : outputs.join(" | ");
      types.push(
        `export type ${typeName}Input = ${inputParts.length ? inputParts.join(" & ") : "Record<string, never>"};`,
      );
      types.push(`export type ${typeName}Output = ${output || "undefined"};`);
      place(
        segments,
        `${doc}\n@@@@LEAF: (input${inputOptional ? "?" : ""}: ${typeName}Input, options?: CallOptions): Promise<ApiResult<${typeName}Output>> =>\n` +
          `@@  transport.call<${typeName}Output>(SPECS[${JSON.stringify(id)}], input as Record<string, unknown> | undefined, options),`,
      );
    }
  }
  const renderTree = (node: TTree, depth: number): string => {
    const indent = "  ".repeat(depth);
    return Object.keys(node)
      .sort()
      .map((key) => {
        const value = node[key]!;
        if (typeof value === "string") return value.replace(/@@/g, indent);
        return `${indent}${key}: {\n${renderTree(value, depth + 1)}\n${indent}},`;
      })
      .join("\n");
  };
  const usesComponents = types.some((line) => line.includes("components["));
  const usesStream = [...STREAM_OPERATIONS].some((id) =>
    types.some((line) => line.startsWith(`export type ${pascal(id)}Input`)),
  );
  return [
    `// Generated by scripts/sdk/generate-typescript.ts from sdk/openapi/${surface.file}.json. Do not edit: run \`npm run sdk\`.`,
    `import type { ${usesComponents ? "components, " : ""}operations } from "./${surface.file}.schema.js";`,
    `import type { ApiResult, CallOptions, OperationSpec, Transport } from "../runtime/transport.js";`,
    ...(usesStream
      ? [
          `import { followSessionStream, type SessionStreamEnvelope, type SessionStreamOptions } from "../runtime/stream.js";`,
        ]
      : []),
    "",
    ...types,
    "",
    "/** How each operation is called: its route, parameters, idempotency key and retry mode. */",
    "export const SPECS = {",
    ...specs,
    "} as const satisfies Record<string, OperationSpec>;",
    "",
    `/** One method per operation of ${surface.prefix}, grouped by resource (scripts/sdk/method-names.json). */`,
    `export function ${surface.factory}(transport: Transport) {`,
    "  return {",
    renderTree(tree, 2),
    "  };",
    "}",
    "",
  ].join("\n");
}

function generate(sdkDir: string, openapiDir: string): void {
  execFileSync(
    join(ROOT, "node_modules/.bin/tsx"),
    [join(ROOT, "scripts/sdk/export-openapi.ts"), "--out-dir", openapiDir],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (!existsSync(join(SDK, "node_modules/.bin/openapi-typescript"))) {
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: SDK, stdio: "inherit" });
  }
  for (const surface of SURFACES) {
    const source = join(openapiDir, `${surface.file}.json`);
    const schemaFile = join(sdkDir, "src/generated", `${surface.file}.schema.ts`);
    execFileSync(join(SDK, "node_modules/.bin/openapi-typescript"), [source, "--output", schemaFile, "--alphabetize"], {
      cwd: SDK,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const header = `// Generated by openapi-typescript from sdk/openapi/${surface.file}.json (scripts/sdk/generate-typescript.ts). Do not edit.\n`;
    writeFileSync(schemaFile, header + readFileSync(schemaFile, "utf8").replace(/^\/\*\*[\s\S]*?\*\/\n\n/, ""));
    const document = JSON.parse(readFileSync(source, "utf8")) as TDocument;
    writeFileSync(join(sdkDir, "src/generated", `${surface.file}.operations.ts`), renderOperations(surface, document));
    console.log(`generated sdk/typescript/src/generated/${surface.file}.{schema,operations}.ts`);
  }
}

if (!values.check) {
  generate(SDK, join(ROOT, "sdk/openapi"));
} else {
  const scratch = mkdtempSync(join(tmpdir(), "sdk-ts-"));
  try {
    cpSync(join(SDK, "src"), join(scratch, "typescript/src"), { recursive: true });
    generate(join(scratch, "typescript"), join(scratch, "openapi"));
    const stale: string[] = [];
    for (const surface of SURFACES) {
      const pairs = [
        [join(ROOT, "sdk/openapi", `${surface.file}.json`), join(scratch, "openapi", `${surface.file}.json`)],
        ...["schema", "operations"].map((kind) => [
          join(SDK, "src/generated", `${surface.file}.${kind}.ts`),
          join(scratch, "typescript/src/generated", `${surface.file}.${kind}.ts`),
        ]),
      ];
      for (const [checkedIn, fresh] of pairs) {
        if (!existsSync(checkedIn!) || readFileSync(checkedIn!, "utf8") !== readFileSync(fresh!, "utf8"))
          stale.push(checkedIn!.slice(ROOT.length + 1));
      }
    }
    if (stale.length) {
      console.error(
        `The TypeScript SDK is stale; run \`npx tsx scripts/sdk/generate-typescript.ts\` and commit:\n  ${stale.join("\n  ")}`,
      );
      process.exit(1);
    }
    console.log("The TypeScript SDK matches the OpenAPI documents.");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
