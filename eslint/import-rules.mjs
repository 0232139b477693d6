import { readdirSync } from "node:fs";
import { BASE, LAYERS, PACKAGES } from "./layers.mjs";

// Turns eslint/layers.mjs into flat-config blocks of @typescript-eslint/no-restricted-imports
// (the core rule's options, plus allowTypeImports for browser code). In flat config a later
// block's options for a rule replace an earlier block's for the same file, so every file gets
// exactly one block: its part's layer patterns, its packages and the relative-import rule.

/** Files that test code rather than serve: they may drive their module from any layer above. */
export const TEST_FILES = [
  "src/**/*.test.{ts,tsx}",
  "src/**/test-kit.ts",
  "src/**/*.testkit.ts",
  "src/server/trpc/openapi-{arbitraries,fuzz-kit,fuzz-requests}.ts",
];

const DOCS = "eslint/layers.mjs, docs/architecture.md";

// A relative import that climbs out of its folder would slip past the layer patterns, which read
// `@/...` specifiers: cross-folder imports must say where they go.
const RELATIVE_OUT = {
  regex: "(?:^|/)\\.\\.(?:/|$)",
  message: "Import across folders through @/... (a relative import stays in its folder), so the layer rules see it.",
};
// Tests also reach the repository's test/ kits, which have no @/ alias.
const RELATIVE_OUT_OF_TESTS = {
  regex: "^(?!(?:\\.\\./)+test/)(?:.*/)?\\.\\.(?:/|$)",
  message: `${RELATIVE_OUT.message} Only the test/ kits are reached relatively.`,
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const either = (names) => `(?:${names.map(escape).join("|")})`;
const carvedOutOf = (dir) => Object.values(LAYERS).flatMap((part) => (part.files?.dir === dir ? part.files.names : []));

/** The import specifiers that reach a part, as a regex fragment. */
function reach(part, { exceptDbClient = false } = {}) {
  if (part.file) return `@/${escape(part.file)}$`;
  if (part.files) return `@/${escape(part.files.dir)}/${either(part.files.names)}$`;
  const carved = [...carvedOutOf(part.dir), ...(exceptDbClient ? ["client"] : [])];
  return `@/${escape(part.dir)}/${carved.length > 0 ? `(?!${either(carved)}$)` : ""}`;
}

/** The source files of a part, for a config block. */
function filesOf(part) {
  const names = (list) => (list.length === 1 ? list[0] : `{${list.join(",")}}`);
  if (part.file) return { files: [`src/${part.file}.{ts,tsx}`] };
  if (part.files) return { files: [`src/${part.files.dir}/${names(part.files.names)}.{ts,tsx}`] };
  const carved = carvedOutOf(part.dir);
  return {
    files: [`src/${part.dir}/**/*.{ts,tsx}`],
    ...(carved.length > 0 ? { ignores: [`src/${part.dir}/${names(carved)}.{ts,tsx}`] } : {}),
  };
}

function layerPatterns(name, part) {
  const readyOnly = part.may.includes("db:ready");
  const refused = Object.entries(LAYERS).filter(([other]) => other !== name && !part.may.includes(other));
  const hasBase = BASE.every((base) => part.may.includes(base));
  const named = [...(hasBase ? ["the base (contracts, env, errors, log, detach, request-id)"] : []), ...part.may];
  const allowed = named.filter((other) => !(hasBase && BASE.includes(other))).join(", ") || "nothing";
  const patterns = [
    {
      regex: `^(?:${refused.map(([other, p]) => reach(p, { exceptDbClient: readyOnly && other === "server/db" })).join("|")})`,
      caseSensitive: true,
      ...(part.browser ? { allowTypeImports: true } : {}),
      message: `src/${name} may import from src/ only: ${allowed}${part.browser ? " (the rest as types only)" : ""}${part.why ? `; ${part.why}` : ""} (${DOCS}).`,
    },
  ];
  if (readyOnly) {
    patterns.push({
      regex: "^@/server/db/client$",
      allowImportNames: ["ready"],
      message: `src/${name} only waits for the database (ready); queries belong to services and the layers under them (${DOCS}).`,
    });
  }
  // A module at the top of src/ or src/server has other parts for neighbours, even below it.
  if (part.file) {
    patterns.push({ regex: "^\\./", message: `src/${name} imports its neighbours through @/... (${DOCS}).` });
  }
  // Modules carved out of a folder share it with the rest: their relative imports are checked too.
  if (part.files) {
    patterns.push({
      regex: `^\\./(?!${either(part.files.names)}$)`,
      message: `src/${name} may not import the rest of src/${part.files.dir} (${DOCS}).`,
    });
  }
  return patterns;
}

const restricted = (patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });

/** Refuses to lint until every folder and module at the top of src/ and src/server has a part. */
function assertEveryPartListed() {
  const listed = new Set(Object.values(LAYERS).map((part) => part.dir ?? part.file));
  for (const [folder, prefix] of [
    ["src", ""],
    ["src/server", "server/"],
  ]) {
    for (const entry of readdirSync(new URL(`../${folder}`, import.meta.url), { withFileTypes: true })) {
      if (!entry.isDirectory() && !/\.tsx?$/.test(entry.name)) continue;
      const name = prefix + entry.name.replace(/\.tsx?$/, "");
      if (name !== "server" && !listed.has(name))
        throw new Error(`eslint/layers.mjs has no part for src/${name}: say what it may import.`);
    }
  }
}

export function importRuleBlocks() {
  assertEveryPartListed();
  return [
    { files: ["src/**/*.{ts,tsx}"], rules: restricted([RELATIVE_OUT]) },
    ...Object.entries(LAYERS).map(([name, part]) => ({
      ...filesOf(part),
      rules: restricted([RELATIVE_OUT, ...layerPatterns(name, part), ...(PACKAGES[name] ?? [])]),
    })),
    { files: TEST_FILES, rules: restricted([RELATIVE_OUT_OF_TESTS]) },
  ];
}
