import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

// The layer direction of ARCHITECTURE.md, enforced: contracts <- services <- routers <- app;
// engine uses services; services queue work through the jobs port and never import the engine;
// lower layers (db, auth, vault, events, jobs, ...) never reach upwards.
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const msg = (message, group) => ({ group, message });

const UP_FROM_LOWER = [
  msg("Lower layers must not import services, routers, tRPC or the app.", [
    "@/server/services/*",
    "@/server/routers/*",
    "@/server/trpc/*",
    "@/server/engine/*",
    "@/app/*",
  ]),
];

// A promise nobody awaits loses its rejection. Each one is awaited, or detached on purpose through
// detach() (src/server/detach.ts; src/client/detach.ts in the browser), which logs the failure.
// ignoreVoid: false, because `void promise` marks a promise as detached without handling it.
const PROMISE_RULES = {
  "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: false }],
  "@typescript-eslint/no-misused-promises": "error",
  "@typescript-eslint/await-thenable": "error",
};
const TYPED_FOLDERS = "{src,test,scripts,e2e,bench}";

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
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/server/env.ts", "src/instrumentation.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through src/server/env.ts only.",
        },
      ],
    },
  },
  {
    files: ["src/contracts/**/*.ts"],
    rules: restrict([
      msg("Contracts stand alone: no server, Prisma, Next or React imports.", [
        "@/server/*",
        "@/app/*",
        "@prisma/*",
        "next",
        "next/*",
        "next-auth",
        "next-auth/*",
        "react",
        "**/generated/**",
      ]),
    ]),
  },
  {
    files: ["src/server/services/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: restrict([
      msg("Services never import tRPC, Next, routers or the app.", [
        "@trpc/*",
        "next",
        "next/*",
        "next-auth",
        "next-auth/*",
        "@/server/routers/*",
        "@/server/trpc/*",
        "@/app/*",
      ]),
      msg(
        "Services queue work through the jobs port (@/server/jobs/enqueue) and never import the engine, which is the only runner.",
        ["@/server/engine/*", "pg-boss"],
      ),
    ]),
  },
  {
    files: ["src/server/routers/**/*.ts"],
    rules: restrict([
      msg("Routers wire a contract to a service: no Prisma, no database.", ["@/server/db/*", "@prisma/*", "@/app/*"]),
    ]),
  },
  {
    files: ["src/server/engine/**/*.ts"],
    rules: restrict([
      msg("The engine uses services, never routers, tRPC or the app.", [
        "@/server/routers/*",
        "@/server/trpc/*",
        "@/app/*",
      ]),
    ]),
  },
  {
    files: [
      "src/server/{db,auth,vault,events,jobs,integrations,models,idempotency,ratelimit}/**/*.ts",
      "src/server/{env,errors,log}.ts",
    ],
    rules: restrict(UP_FROM_LOWER),
  },
  {
    files: ["src/{app,pages}/**/*.{ts,tsx}"],
    rules: restrict([
      msg("The app reaches data through routers and services, never Prisma directly.", [
        "@prisma/*",
        "@/server/db/generated/*",
      ]),
    ]),
  },
);
