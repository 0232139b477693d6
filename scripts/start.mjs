// `npm start`: builds the app when its sources changed since the last build, then serves it.
// With no configuration it runs on the embedded database in ./.data (see README).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const SOURCES = ["src", "prisma", "package.json", "package-lock.json", "next.config.mjs", "tsconfig.json"];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  );
}

// A fresh clone has no dependencies yet: install them, so `npm start` is the whole quick start.
if (!existsSync(path.join(root, "node_modules", "next", "package.json"))) {
  console.log("Installing dependencies (first start)...");
  const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const stampFile = path.join(root, ".next", "source-stamp");
const stamp = String(Math.max(...SOURCES.map(newestChange)));
const built =
  existsSync(path.join(root, ".next", "BUILD_ID")) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, "utf8") === stamp;
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");

const secrets = localSecrets();

if (!built) {
  console.log("Building the app (first start, or the sources changed)...");
  const result = spawnSync(process.execPath, [next, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, stamp);
}

/**
 * A production process on PostgreSQL must be given AUTH_SECRET and VAULT_KEYS (every process of
 * a deployment shares them). For a local run of this command, generate them once and keep them
 * beside the embedded data, so `DATABASE_URL=... npm start` works with no setup.
 */
function localSecrets() {
  if (!process.env.DATABASE_URL || (process.env.AUTH_SECRET && process.env.VAULT_KEYS)) return {};
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
  const file = path.join(dataDir, "local-secrets.json");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const secrets = {
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      VAULT_KEYS: `local:${randomBytes(32).toString("base64")}`,
    };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  console.log(
    `Using locally generated AUTH_SECRET/VAULT_KEYS from ${path.relative(root, file)}; set both for a shared deployment.`,
  );
  const secrets = JSON.parse(readFileSync(file, "utf8"));
  return {
    AUTH_SECRET: process.env.AUTH_SECRET ?? secrets.AUTH_SECRET,
    VAULT_KEYS: process.env.VAULT_KEYS ?? secrets.VAULT_KEYS,
  };
}

const port = process.env.PORT ?? "3000";
const host = process.env.HOST ?? "127.0.0.1";
const env = {
  ...process.env,
  ...secrets,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: port,
  NEXTAUTH_URL:
    process.env.NEXTAUTH_URL ??
    process.env.PUBLIC_BASE_URL ??
    `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`,
};
const server = spawn(process.execPath, [next, "start", "-p", port, "-H", host, "--keepAliveTimeout", "65000"], {
  cwd: root,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
