// `npx tsx scripts/sdk/export-openapi.ts [--out-dir DIR]`
// Writes the two OpenAPI documents the app serves (/api/v1/openapi.json and
// /api/partner/v1/openapi.json) to sdk/openapi/{v1,partner-v1}.json. Both SDKs are generated
// from these files, and CI regenerates them to catch a stale SDK, so the output must be byte
// stable: object keys are sorted (arrays keep their order, which carries meaning) and the
// document is built in-process, so no server or database is needed.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { TSurface } from "@/contracts/common/meta";
import { openApiDocument } from "@/server/trpc/openapi-document";

const { values } = parseArgs({ options: { "out-dir": { type: "string", default: "sdk/openapi" } } });
const outDir = resolve(values["out-dir"]!);

function sortKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(sortKeys);
  if (node && typeof node === "object") {
    return Object.fromEntries(
      Object.keys(node)
        .sort()
        .map((key) => [key, sortKeys((node as Record<string, unknown>)[key])]),
    );
  }
  return node;
}

const FILES: Record<TSurface, string> = { v1: "v1.json", "partner-v1": "partner-v1.json" };

mkdirSync(outDir, { recursive: true });
for (const [surface, file] of Object.entries(FILES) as [TSurface, string][]) {
  // A JSON round trip drops undefined values, exactly as the served response does.
  const document = sortKeys(JSON.parse(JSON.stringify(openApiDocument(surface))));
  writeFileSync(join(outDir, file), `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${join(values["out-dir"]!, file)}`);
}
