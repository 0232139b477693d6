import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";
import { importRuleBlocks, TEST_FILES } from "./eslint/import-rules.mjs";
import { TURN_TABLE_OWNER, TURN_TABLE_WRITERS_OUTSIDE, TURN_TABLE_WRITES } from "./eslint/turn-tables.mjs";

// A promise nobody awaits loses its rejection. Each one is awaited, or detached on purpose through
// detach() (src/server/detach.ts; src/client/detach.ts in the browser), which logs the failure.
// ignoreVoid: false, because `void promise` marks a promise as detached without handling it.
const PROMISE_RULES = {
  "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: false }],
  "@typescript-eslint/no-misused-promises": "error",
  "@typescript-eslint/await-thenable": "error",
};
const TYPED_FOLDERS = "{src,test,scripts,e2e,bench}";

const PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: "Read configuration through src/server/env.ts only.",
};
const CONFIG_READERS = ["src/server/env.ts", "src/instrumentation.ts"];

/**
 * Configuration is read only by env.ts (instrumentation starts the process), and a turn's
 * tables are written only by src/server/execution (eslint/turn-tables.mjs). Tests (*.test.ts and
 * the kits of TEST_FILES) are exempt from the second; *.test.ts from both.
 */
function syntaxBlocks() {
  const refuse = (...selectors) => ({ "no-restricted-syntax": ["error", ...selectors] });
  const turnWriters = [TURN_TABLE_OWNER, ...TURN_TABLE_WRITERS_OUTSIDE];
  const tests = "**/*.test.ts";
  return [
    {
      files: ["src/**/*.{ts,tsx}"],
      ignores: [tests, ...TEST_FILES, ...CONFIG_READERS, ...turnWriters],
      rules: refuse(PROCESS_ENV, ...TURN_TABLE_WRITES),
    },
    { files: [...TEST_FILES, ...turnWriters], ignores: [tests, ...CONFIG_READERS], rules: refuse(PROCESS_ENV) },
    { files: CONFIG_READERS, rules: refuse(...TURN_TABLE_WRITES) },
    { files: ["{scripts,bench}/**/*.{ts,tsx,js,mjs}"], rules: refuse(...TURN_TABLE_WRITES) },
  ];
}

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "src/server/db/generated/**",
      "tools/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "sdk/*/dist/**",
      "sdk/*/build-test/**",
      "scripts/openapi-check/generated/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type information only where the promise rules use it: building a program costs most of lint's time.
    files: [`${TYPED_FOLDERS}/**/*.{ts,tsx}`],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: PROMISE_RULES,
  },
  {
    // Import cycles make a module run while another is half-initialised (a TDZ error or an
    // undefined at start). Type-only imports are erased at build and cannot do that, so they do
    // not count (import-x skips them); the layer rules below still refuse an upward type import.
    files: [`${TYPED_FOLDERS}/**/*.{ts,tsx}`],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Outside every tsconfig (allowJs is off): no type information, so no type-aware rule.
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // no-restricted-syntax: in flat config a later block's options replace an earlier one's, so each
  // source file gets one block with every selector that applies to it.
  ...syntaxBlocks(),
  // The layers (eslint/layers.mjs): what each part of src/ may import, relative imports included.
  ...importRuleBlocks(),
);
