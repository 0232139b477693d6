// What each part of src/ may import from the rest of src/: the layers of docs/architecture.md.
// Anything not listed is refused (eslint/import-rules.mjs turns this table into lint blocks), and
// every folder of src/ and src/server must have an entry, so a new folder starts with a decision.
//
// A part is a folder (`dir`), some modules of a folder (`files`, carved out of its `dir` entry,
// which then means the rest of it), or one module (`file`). `may` names other parts; "db:ready"
// means only `ready` from db/client (wait for the migrated database, never query it).

/** What every server part may use: schemas, configuration, errors, logging. */
export const BASE = ["contracts", "server/env", "server/errors", "server/log", "server/detach", "server/request-id"];
const TRPC_FOUNDATION = ["init", "context", "procedures", "tenant-route"];

export const LAYERS = {
  contracts: { dir: "contracts", may: [] },
  "server/env": { file: "server/env", may: [] },
  "server/request-id": { file: "server/request-id", may: [] },
  "server/errors": { file: "server/errors", may: ["contracts"] },
  "server/log": { file: "server/log", may: ["server/env", "server/request-id"] },
  "server/detach": { file: "server/detach", may: ["server/log"] },

  // Infrastructure: each reaches only downwards, to the database and the base.
  "server/db": { dir: "server/db", may: BASE },
  "server/vault": { dir: "server/vault", may: BASE },
  "server/lifecycle/draining": { files: { dir: "server/lifecycle", names: ["draining"] }, may: BASE },
  "server/jobs": { dir: "server/jobs", may: [...BASE, "server/db"] },
  "server/ratelimit": { dir: "server/ratelimit", may: [...BASE, "server/db"] },
  "server/idempotency": { dir: "server/idempotency", may: [...BASE, "server/db"] },
  "server/integrations": { dir: "server/integrations", may: [...BASE, "server/db"] },
  "server/observability": { dir: "server/observability", may: [...BASE, "server/jobs"] },
  "server/auth": { dir: "server/auth", may: [...BASE, "server/db", "server/ratelimit"] },
  "server/events": {
    dir: "server/events",
    may: [...BASE, "server/db", "server/observability", "server/lifecycle/draining"],
  },
  "server/models": { dir: "server/models", may: [...BASE, "server/integrations"] },
  "server/oauth": { dir: "server/oauth", may: [...BASE, "server/vault"] },
  "server/mail": { dir: "server/mail", may: BASE },
  "server/webhooks": { dir: "server/webhooks", may: [...BASE, "server/integrations", "server/observability"] },

  // A turn's life (docs/execution.md): the one writer of turns, tool_calls and session_events.
  // Product areas plug in through the hooks it defines; it never imports services.
  "server/execution": {
    dir: "server/execution",
    why: "execution owns a turn's tables; services and the engine call it, passing their hooks",
    may: [
      ...BASE,
      ...["db", "events", "jobs", "integrations", "models", "observability"].map((name) => `server/${name}`),
    ],
  },

  // The rules of the spec, and the engine that runs what happens after a 202.
  "server/services": {
    dir: "server/services",
    why: "services queue work through the jobs port (@/server/jobs/enqueue); the engine runs it and imports them",
    may: [
      ...BASE,
      ...[
        ...["db", "auth", "vault", "events", "execution", "jobs", "integrations", "models", "idempotency", "oauth"],
        ...["webhooks", "mail"],
      ].map((name) => `server/${name}`),
    ],
  },
  "server/engine": {
    dir: "server/engine",
    may: [
      ...BASE,
      ...["db", "events", "execution", "integrations", "jobs", "models", "observability", "services"].map(
        (n) => `server/${n}`,
      ),
    ],
  },

  // The surfaces: tRPC procedures and routers, plain routes (http, mcp), their adapters.
  "server/trpc/foundation": {
    files: { dir: "server/trpc", names: TRPC_FOUNDATION },
    why: "routers build on these, so they never reach the routers (the rest of trpc/ does)",
    may: [...BASE, "server/auth", "db:ready", "server/ratelimit", "server/services"],
  },
  "server/routers": {
    dir: "server/routers",
    why: "a router wires a contract to a service, so it never queries (rule 9)",
    may: [...BASE, "server/trpc/foundation", "server/services", "server/idempotency"],
  },
  "server/http": {
    dir: "server/http",
    may: [
      ...BASE,
      "db:ready",
      "server/auth",
      "server/events",
      "server/observability",
      "server/ratelimit",
      "server/services",
    ],
  },
  "server/mcp": {
    dir: "server/mcp",
    may: [...BASE, "server/auth", "server/http", "server/ratelimit", "server/services"],
  },
  "server/trpc": {
    dir: "server/trpc",
    may: [...BASE, "server/trpc/foundation", "server/routers", "server/http", "server/auth", "server/ratelimit"],
  },

  // The process: shutdown, start-up, and the Next.js files that serve everything.
  "server/lifecycle": {
    dir: "server/lifecycle",
    may: [...BASE, "db:ready", "server/engine", "server/jobs", "server/lifecycle/draining"],
  },
  "server/start": {
    file: "server/start",
    may: [...BASE, "db:ready", "server/auth", "server/engine", "server/jobs", "server/lifecycle", "server/services"],
  },
  app: {
    dir: "app",
    may: [
      ...BASE,
      "db:ready",
      "client",
      "components",
      ...["auth", "http", "mcp", "observability", "ratelimit", "routers", "services", "trpc", "trpc/foundation"].map(
        (name) => `server/${name}`,
      ),
    ],
  },
  pages: { dir: "pages", may: ["server/http"] },
  instrumentation: { file: "instrumentation", may: ["server/start"] },
  proxy: { file: "proxy", may: [...BASE, "server/auth"] },

  // Browser code: the server and the app only as types (the router's TAppRouter).
  client: { dir: "client", may: ["contracts"], browser: true },
  components: { dir: "components", may: ["contracts", "client"], browser: true },
};

const NEXT = ["next", "next/*", "next-auth", "next-auth/*"];
const group = (message, patterns) => ({ group: patterns, message });

/** Packages a part must not import, beside the parts of src/ it may not. */
export const PACKAGES = {
  contracts: [
    group("Contracts stand alone: no Prisma, Next or React.", ["@prisma/*", ...NEXT, "react", "**/generated/**"]),
  ],
  "server/services": [
    group("Services never import tRPC or Next.", ["@trpc/*", ...NEXT]),
    group("Services queue work through the jobs port (@/server/jobs/enqueue), never pg-boss itself.", ["pg-boss"]),
  ],
  "server/routers": [group("Routers wire a contract to a service: no Prisma.", ["@prisma/*"])],
  app: [group("The app reaches data through routers and services, never Prisma directly.", ["@prisma/*"])],
  pages: [group("The app reaches data through routers and services, never Prisma directly.", ["@prisma/*"])],
};
